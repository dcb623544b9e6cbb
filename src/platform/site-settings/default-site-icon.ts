/**
 * The icon a site shows until one is set: a white shopping bag on the storefront's blue, 32×32, as an ICO file
 * holding one PNG (what browsers ask `/favicon.ico` for).
 */
export const DEFAULT_SITE_ICON = Buffer.from(
  'AAABAAEAICAAAAEAIABaAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAASFJREFUeNpjkPW7wYCEC2T9bpyX9bvxn0b4PNQOuJ0whgCNLcbmEAFkB9DTcmRHMMCC/f8A4YKB8j08FBgG0HIwJssBDbNf/r9678d/GACxQWI0d4B25C0Ui9EBSA6khmYOgFkOolNan8DFQWxkOZo4ABTE+HyJHDqkRAcDqb5H9jk6BsmRGgpEOwAGqKWOaAdQCih2AL5UTwgQExUEHXD88leyHQDSS7EDVu39QLYDQHopdkDf8jdkOwCkl2IHwPI/OYCY8oCgA8KqHpHtAJDeoe8AUBFLLiCmYmIgpRSkdiFEtAMev/xFsuUgPVRzADmFETGFENEO2HHiM8kOAOmhmgPIKYyIKYTIbhNSu1E64M3yAe+YDHjXbFB0Tgesew4ADjh9iQWv1igAAAAASUVORK5CYII=',
  'base64',
);
