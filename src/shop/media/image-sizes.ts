/** One registered image size (WordPress's `add_image_size`): a box, cropped to it exactly or fitted inside. */
export interface ImageSize {
  name: string;
  /** 0: unbounded. */
  width: number;
  /** 0: unbounded. */
  height: number;
  crop: boolean;
}

/** The sizes WordPress and WooCommerce register by default, generated for every upload. */
export const IMAGE_SIZES: readonly ImageSize[] = [
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'woocommerce_thumbnail', width: 300, height: 300, crop: true },
  { name: 'woocommerce_single', width: 600, height: 0, crop: false },
  { name: 'woocommerce_gallery_thumbnail', width: 100, height: 100, crop: true },
];

/** WordPress's `big_image_size_threshold`: a larger original is scaled down to fit this box before anything else. */
export const BIG_IMAGE_THRESHOLD = 2560;

/**
 * The dimensions `size` gives an image of `width`×`height`, as WordPress's `image_resize_dimensions`: never
 * enlarged; a crop takes the box (or the image's side where it is smaller); a fit keeps the ratio. Undefined when
 * the size would be the image itself (WordPress generates no such file).
 */
export function sizedDimensions(
  size: ImageSize,
  width: number,
  height: number,
): { width: number; height: number } | undefined {
  const boxW = size.width || Number.POSITIVE_INFINITY;
  const boxH = size.height || Number.POSITIVE_INFINITY;
  let target: { width: number; height: number };
  if (size.crop) target = { width: Math.min(width, boxW), height: Math.min(height, boxH) };
  else {
    const scale = Math.min(boxW / width, boxH / height, 1);
    target = {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
  }
  return target.width === width && target.height === height ? undefined : target;
}
