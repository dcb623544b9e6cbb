import { RestError } from '../../platform/http/errors.js';

/** A file as a client sent it: its name, the type it claimed, its bytes, and the text fields sent beside it. */
export interface UploadedFile {
  filename: string;
  declaredType: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads an upload the two ways WordPress takes one: the raw file as the body, named by `Content-Disposition:
 * attachment; filename=…` and typed by `Content-Type`, or a `multipart/form-data` body with a `file` part (other
 * string parts, such as `title` or `alt_text`, come back in `fields`). 400 in WordPress's words otherwise.
 */
export async function readUpload(headers: Record<string, unknown>, body: unknown): Promise<UploadedFile> {
  const contentType = String(headers['content-type'] ?? '');
  const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  if (/^multipart\/form-data/i.test(contentType)) return readMultipart(contentType, bytes);
  if (bytes.length === 0) throw noData();
  const filename = filenameFromDisposition(String(headers['content-disposition'] ?? ''));
  if (!filename)
    throw new RestError(
      'rest_upload_no_content_disposition',
      'No Content-Disposition supplied: send `Content-Disposition: attachment; filename=…`.',
      400,
      fieldError('Content-Disposition is required.'),
    );
  return { filename, declaredType: contentType.split(';')[0]!.trim().toLowerCase(), bytes, fields: {} };
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred, quoted or bare `filename=`). */
export function filenameFromDisposition(header: string): string | undefined {
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

async function readMultipart(contentType: string, bytes: Buffer): Promise<UploadedFile> {
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: bytes,
    }).formData();
  } catch {
    throw new RestError(
      'rest_upload_invalid_body',
      'The multipart body could not be read.',
      400,
      fieldError('The multipart body could not be read.'),
    );
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw noData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] = value;
  return {
    filename: file.name.split(/[\\/]/).pop() ?? '',
    declaredType: file.type.split(';')[0]!.trim().toLowerCase(),
    bytes: Buffer.from(await file.arrayBuffer()),
    fields,
  };
}

function noData(): RestError {
  return new RestError('rest_upload_no_data', 'No data supplied.', 400, fieldError('No file was sent.'));
}

/** `data` of an upload error: the field `file` and the rule it broke, in both of the project's error styles. */
export function fieldError(message: string, rule = 'required'): Record<string, unknown> {
  return { params: { file: message }, errors: { file: { [rule]: message } } };
}
