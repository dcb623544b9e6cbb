/** A CSS identifier part (column ids are validated to `[A-Za-z0-9_-]`; this keeps stored data honest too). */
export function cssIdent(value: string | number): string {
  return String(value).replace(/[^A-Za-z0-9_-]/g, '');
}

/** Text placed inside a `<style>` element: nothing can close the element or open a comment trick. */
export function styleText(css: string): string {
  return css.replace(/</g, '\\3c ');
}
