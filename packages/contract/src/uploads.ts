/**
 * Pictures the server decodes (to remove their metadata, to make thumbnails) at most this many pixels:
 * 40 megapixels hold the photos of common cameras and phones (8,000 × 5,000) but not a decompression bomb:
 * a 16,000 × 16,000 PNG of 30 KB takes seconds and hundreds of MB to decode. Larger pictures are refused
 * from their header, before any decoding.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Refusals of uploaded files that every upload route shares. */
export const UPLOAD_MESSAGES = {
  imageTooLarge: 'Das Bild ist zu groß: erlaubt sind höchstens 40 Megapixel (z. B. 8.000 × 5.000 Pixel).',
  imageBroken: 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.',
} as const;
