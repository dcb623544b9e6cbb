// Types of the `mjml` package (v5 ships none): MJML source → responsive, table-based HTML with inlined CSS.
declare module 'mjml' {
  /** Compiles MJML; v5 resolves asynchronously. */
  export default function mjml2html(
    input: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; minify?: boolean },
  ): Promise<{ html: string; errors: Array<{ message: string }> }>;
}
