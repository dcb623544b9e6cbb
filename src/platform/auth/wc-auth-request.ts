import { parseWebUrl } from '../http/web-url.js';
import { sha256Hex } from '../security/hashing.js';
import { type ApiKeyPermissions, isApiKeyPermissions } from './api-keys.service.js';

// WooCommerce's nonce action of the Approve / Deny form; the request's parameters are bound to it.
const WC_AUTH_ACTION = 'wc_auth_grant_access';

/** The parameters of `/wc-auth/v1/authorize` as the app sends them. */
export interface AppRequestParams {
  app_name?: string;
  scope?: string;
  user_id?: string;
  return_url?: string;
  callback_url?: string;
}

/** A checked authorization request. */
export interface AppRequest {
  appName: string;
  scope: ApiKeyPermissions;
  appUserId: string;
  returnUrl: URL;
  callbackUrl: URL;
}

/** The checked parameters, or the sentence saying which one is wrong (the addresses are checked on use). */
export function checkAppRequest(params: AppRequestParams): AppRequest | string {
  const appName = params.app_name?.trim() ?? '';
  if (appName === '') return 'Missing parameter app_name.';
  if (!isApiKeyPermissions(params.scope)) return 'Invalid scope: it must be read, write or read_write.';
  const appUserId = params.user_id?.trim() ?? '';
  if (appUserId === '') return 'Missing parameter user_id.';
  const returnUrl = parseWebUrl(params.return_url);
  if (!returnUrl) return 'The return_url is not a valid http or https URL.';
  const callbackUrl = parseWebUrl(params.callback_url);
  if (!callbackUrl) return 'The callback_url is not a valid URL.';
  return { appName, scope: params.scope, appUserId, returnUrl, callbackUrl };
}

/**
 * The nonce action of the form shown for `request`: bound to all five parameters, so a nonce issued for one app's
 * request cannot approve another scope, app user, return or callback URL.
 */
export function grantAction(request: AppRequest): string {
  const bound = [
    request.appName,
    request.scope,
    request.appUserId,
    request.returnUrl.href,
    request.callbackUrl.href,
  ];
  return `${WC_AUTH_ACTION}|${sha256Hex(JSON.stringify(bound))}`;
}
