import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logIn } from '../../platform/auth/login.service.js';
import type { AuthUser } from '../../platform/auth/principal.js';
import { sessionKeptOnPasswordChange } from '../../platform/auth/user-edit-policy.js';
import { updateUser } from '../../platform/auth/users.service.js';
import { RateLimitedError, RestError, ValidationError } from '../../platform/http/errors.js';
import { html, type SafeHtml } from '../../platform/http/html.js';
import type { RestApp } from '../../platform/http/server.js';
import { accountUser, sendGuestForms } from './account-forms.js';
import { seeOther } from './cart-forms.js';
import { type AccountPageDeps, sendAccountPage } from './my-account-layout.js';
import type { PageNotice } from './storefront-page.js';
import { PageAssets } from './storefront-slots.js';

const PUBLIC_PAGE = { auth: { access: 'public', nonce: 'never' } } as const;
/** The nonce action of the Account details form (WooCommerce's `save_account_details`). */
const SAVE_ACTION = 'save_account_details';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// WooCommerce's field names of its edit-account form.
const DetailsForm = Type.Object({
  account_first_name: Type.Optional(Type.String({ maxLength: 100 })),
  account_last_name: Type.Optional(Type.String({ maxLength: 100 })),
  account_display_name: Type.Optional(Type.String({ maxLength: 250 })),
  account_email: Type.Optional(Type.String({ maxLength: 200 })),
  password_current: Type.Optional(Type.String({ maxLength: 4096 })),
  password_1: Type.Optional(Type.String({ maxLength: 4096 })),
  password_2: Type.Optional(Type.String({ maxLength: 4096 })),
  'save-account-details-nonce': Type.Optional(Type.String({ maxLength: 20 })),
  save_account_details: Type.Optional(Type.String({ maxLength: 50 })),
});
type Values = Record<string, string>;

/** `GET|POST /my-account/edit-account/`: names, e-mail and a password change (current password asked, throttled). */
export function registerAccountDetailsPages(app: RestApp, deps: AccountPageDeps): void {
  const { ctx } = deps;

  app.get(
    '/my-account/edit-account/',
    {
      config: PUBLIC_PAGE,
      schema: {
        hide: true,
        querystring: Type.Object({ updated: Type.Optional(Type.String({ maxLength: 5 })) }),
      },
    },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url });
      const notices: PageNotice[] = request.query.updated
        ? [{ kind: 'success', text: 'Account details changed successfully.' }]
        : [];
      return sendDetails(deps, request, reply, user, valuesOf(user), {}, notices);
    },
  );

  app.post(
    '/my-account/edit-account/',
    { config: PUBLIC_PAGE, schema: { hide: true, body: DetailsForm } },
    async (request, reply) => {
      const user = accountUser(request);
      if (!user) return sendGuestForms(deps, request, reply, { redirectTo: request.url, status: 401 });
      const form = request.body;
      const values: Values = {
        account_first_name: (form.account_first_name ?? '').trim(),
        account_last_name: (form.account_last_name ?? '').trim(),
        account_display_name: (form.account_display_name ?? '').trim(),
        account_email: (form.account_email ?? '').trim(),
      };
      const again = (errors: Values, status: number, text = 'Please correct the fields marked below.') =>
        sendDetails(deps, request, reply, user, values, errors, [{ kind: 'error', text }], status);
      const nonce = form['save-account-details-nonce'];
      if (!nonce || ctx.nonces.verify(nonce, ctx.auth.nonceSubject(request.principal), SAVE_ACTION) === 0)
        return again({}, 403, 'The page has expired. Please check your details and save them again.');
      const errors: Values = {};
      if (!values.account_first_name) errors.account_first_name = 'First name is a required field.';
      if (!values.account_last_name) errors.account_last_name = 'Last name is a required field.';
      if (!values.account_display_name) errors.account_display_name = 'Display name is a required field.';
      if (!EMAIL.test(values.account_email)) errors.account_email = 'Please provide a valid email address.';
      const current = form.password_current ?? '';
      const next = form.password_1 ?? '';
      const confirm = form.password_2 ?? '';
      const changingPassword = current !== '' || next !== '' || confirm !== '';
      if (changingPassword) {
        if (current === '') errors.password_current = 'Please enter your current password.';
        else if (next === '' || confirm === '') errors.password_1 = 'Please fill out all password fields.';
        else if (next !== confirm) errors.password_2 = 'New passwords do not match.';
      }
      if (Object.keys(errors).length > 0) return again(errors, 422);
      if (changingPassword) {
        try {
          // The same check and failed-attempt budget as a login, so this form cannot be used to guess passwords.
          await logIn(ctx, { login: user.username, password: current, ip: request.ip });
        } catch (error) {
          if (error instanceof RateLimitedError) {
            reply.header('Retry-After', String(error.data.retry_after));
            return again({}, 429, error.message);
          }
          if (error instanceof RestError && error.status === 401)
            return again({ password_current: 'Your current password is incorrect.' }, 422);
          throw error;
        }
      }
      try {
        await updateUser(
          ctx.db,
          user.id,
          {
            first_name: values.account_first_name,
            last_name: values.account_last_name,
            display_name: values.account_display_name,
            email: values.account_email,
            ...(changingPassword ? { password: next } : {}),
          },
          { keepSession: sessionKeptOnPasswordChange(request.principal, user.id) },
        );
      } catch (error) {
        if (error instanceof ValidationError)
          return again(
            Object.fromEntries(
              Object.entries(error.fields).map(([field, rules]) => [
                field === 'email' ? 'account_email' : 'password_1',
                Object.values(rules).join(' '),
              ]),
            ),
            422,
          );
        if (error instanceof RestError && error.code === 'existing_user_email')
          return again({ account_email: 'This email address is already registered.' }, 409);
        throw error;
      }
      return seeOther(reply, '/my-account/edit-account/?updated=1');
    },
  );
}

function valuesOf(user: AuthUser): Values {
  return {
    account_first_name: user.first_name,
    account_last_name: user.last_name,
    account_display_name: user.display_name,
    account_email: user.email,
  };
}

function sendDetails(
  deps: AccountPageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthUser,
  values: Values,
  errors: Values,
  notices: PageNotice[],
  status = 200,
): Promise<FastifyReply> {
  const { ctx } = deps;
  const field = (input: {
    name: string;
    label: string;
    autocomplete: string;
    type?: string;
    required?: boolean;
    help?: string;
  }): SafeHtml => {
    const { name } = input;
    const error = errors[name];
    const described = [input.help ? `${name}-help` : '', error ? `${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return html`<div class="field"><label for="${name}">${input.label}${input.required ? html` <span aria-hidden="true">*</span>` : ''}</label>
<input type="${input.type ?? 'text'}" id="${name}" name="${name}"${input.type === 'password' ? '' : html` value="${values[name] ?? ''}"`} autocomplete="${input.autocomplete}"${input.required ? html` required` : ''}${error ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}>
${input.help ? html`<small id="${name}-help">${input.help}</small>` : ''}
${error ? html`<span class="field-error" id="${name}-error">${error}</span>` : ''}</div>`;
  };
  const nonce = ctx.nonces.create(ctx.auth.nonceSubject(request.principal), SAVE_ACTION);
  const body = html`<form method="post" action="/my-account/edit-account/" class="edit-account" novalidate>
<input type="hidden" name="save-account-details-nonce" value="${nonce}">
${field({ name: 'account_first_name', label: 'First name', autocomplete: 'given-name', required: true })}
${field({ name: 'account_last_name', label: 'Last name', autocomplete: 'family-name', required: true })}
${field({ name: 'account_display_name', label: 'Display name', autocomplete: 'nickname', required: true, help: 'This will be how your name will be displayed in the account section and in reviews.' })}
${field({ name: 'account_email', label: 'Email address', autocomplete: 'email', type: 'email', required: true })}
<fieldset><legend>Password change</legend>
${field({ name: 'password_current', label: 'Current password (leave blank to leave unchanged)', autocomplete: 'current-password', type: 'password' })}
${field({ name: 'password_1', label: 'New password (leave blank to leave unchanged)', autocomplete: 'new-password', type: 'password' })}
${field({ name: 'password_2', label: 'Confirm new password', autocomplete: 'new-password', type: 'password' })}
</fieldset>
<button type="submit" name="save_account_details" value="Save changes">Save changes</button>
</form>`;
  return sendAccountPage(deps, request, reply, {
    user,
    current: 'edit-account',
    title: 'Account details',
    body,
    assets: new PageAssets(),
    notices,
    status,
  });
}
