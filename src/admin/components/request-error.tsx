import { Notice } from '@wordpress/components';
import { restError } from '../api.js';
import { type ErrorHelp, registeredModules } from '../registry.js';

/** A failed or refused request as a person reads it: the module's explanation of its code, else the server's message. */
export function describeError(error: unknown): ErrorHelp {
  const body = restError(error);
  for (const module of registeredModules()) {
    const help = module.errorHelp?.[body.code];
    if (help) return help(body);
  }
  return { message: body.message };
}

/** The action of an explanation as a notice button (a link to the screen where it is fixed). */
export function noticeActions(help: ErrorHelp): Array<{ label: string; url: string }> {
  return help.action ? [{ label: help.action.label, url: `/wp-admin/${help.action.path}` }] : [];
}

/** A failed request shown in place of what it should have loaded. */
export function RequestError(props: { error: unknown }) {
  const help = describeError(props.error);
  return (
    <Notice status="error" isDismissible={false} actions={noticeActions(help)}>
      {help.message}
    </Notice>
  );
}

/** The readable message of a failed or refused request (for places that show text, such as a field's help). */
export function errorMessage(error: unknown): string {
  return describeError(error).message;
}
