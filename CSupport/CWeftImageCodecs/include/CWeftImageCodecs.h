/*
** CWeftImageCodecs.h - JPEG (libjpeg-turbo) and WebP (libwebp) for WeftDisplay.
**
** What: decode into pixels the caller owns, at the scale the caller chose, and
** encode (for tests and benchmarks that make their own photos). No policy:
** which scale, which size is too large, what an orientation means are Swift's.
**
** Why C: libjpeg reports a fatal error by calling error_exit, which must not
** return; the documented recovery is a longjmp back to a setjmp in the caller.
** Swift cannot call setjmp, and a longjmp across Swift frames would skip their
** releases, so the setjmp and every libjpeg call it guards live here.
**
** Pixels: Cairo's ARGB32 on a little-endian machine, that is B, G, R, A bytes,
** premultiplied; `stride` bytes from one row to the next.
**
** Errors: every function returns 0 on success or a negative WEFT_IMAGE_E*
** value, and on a decoding error copies libjpeg's or libwebp's message into
** `message` (WEFT_IMAGE_MESSAGE_LENGTH bytes, NUL-terminated).
**
** Threading: each call is self-contained (its own decoder object); calls may
** run on any threads at once.
*/
#ifndef CWEFT_IMAGE_CODECS_H
#define CWEFT_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

#define WEFT_IMAGE_MESSAGE_LENGTH 200

/* The bytes are not an image of this format, or are corrupt. */
#define WEFT_IMAGE_ECORRUPT (-1)
/* The bytes end before the image does. */
#define WEFT_IMAGE_ETRUNCATED (-2)
/* Out of memory, or an encoder's failure. */
#define WEFT_IMAGE_ENOMEM (-4)
/* An animated WebP (this decoder shows still images only). */
#define WEFT_IMAGE_EANIMATED (-5)

/* The JPEG's size when decoded at 1/denominator (1, 2, 4 or 8), in the DCT
** domain: libjpeg-turbo rounds each side up. */
int weft_jpeg_scaled_size(const uint8_t *data, size_t length, int denominator,
                          int *width, int *height, char *message);

/* Decodes the JPEG at 1/denominator into `pixels` of `width` x `height` (the
** size weft_jpeg_scaled_size gave). Opaque: alpha is 0xFF. */
int weft_jpeg_decode(const uint8_t *data, size_t length, int denominator,
                     uint8_t *pixels, size_t stride, int width, int height, char *message);

/* Encodes opaque ARGB32 pixels as a baseline JPEG of `quality` (1-100) into a
** buffer from libjpeg, which the caller frees with weft_jpeg_free. */
int weft_jpeg_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                     uint8_t **output, size_t *output_length);

/* Compresses opaque B, G, R, A pixels to a CMYK JPEG in Adobe's inverted
** convention (no black ink), as print tools write them: for tests of the
** CMYK decode. Free the output with weft_jpeg_free. */
int weft_jpeg_encode_cmyk(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                          uint8_t **output, size_t *output_length);

/* The WebP's size and whether it is animated (features from its header). */
int weft_webp_size(const uint8_t *data, size_t length, int *width, int *height, int *animated);

/* Decodes the WebP scaled to `width` x `height` (libwebp's scaler, after the
** decode: it saves memory, not time) into premultiplied ARGB32 `pixels`. */
int weft_webp_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride, int width, int height,
                     char *message);

/* Encodes ARGB32 pixels (premultiplied alpha is un-premultiplied first) as a
** lossy WebP of `quality` (0-100), or lossless when `quality` is negative;
** free the output with weft_webp_free. */
int weft_webp_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                     uint8_t **output, size_t *output_length);

/* Frees what a JPEG encoder returned. */
void weft_jpeg_free(uint8_t *buffer);

/* Frees what the WebP encoder returned. */
void weft_webp_free(uint8_t *buffer);

#endif
