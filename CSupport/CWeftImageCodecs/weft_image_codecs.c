/*
** weft_image_codecs.c - libjpeg-turbo and libwebp behind CWeftImageCodecs.h.
**
** Each JPEG call owns one decompress (or compress) object on its stack with an
** error manager whose error_exit longjmps back to the setjmp in that call, so
** a corrupt file ends in jpeg_destroy and an error code, never in exit().
*/
#include "CWeftImageCodecs.h"

/* Memory: this file allocates nothing itself. The decoders write into memory
** the caller owns; each encoder's output is allocated by its library (libjpeg's
** jpeg_mem_dest with malloc, libwebp's memory writer with its own allocator)
** and released by that library's free (weft_jpeg_free, weft_webp_free), and
** the scratch rows live in libjpeg's and libwebp's own pools. No jemalloc arena:
** WeftDisplay links no jemalloc (an app that draws text and images without
** Weft's engine gets no allocator it did not ask for; docs/ARCHITECTURE.md,
** "What each library links"), and the encoders serve tests and benchmarks. */

#include <assert.h>
#include <setjmp.h>
#include <stdio.h>   /* jpeglib.h needs FILE and size_t first. */
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>
#include <webp/decode.h>
#include <webp/encode.h>

/* An error manager that returns to the caller instead of exiting. */
struct weft_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf resume;
    /* libjpeg warned that the data ended early; it then pads the image with
    ** grey, which Weft refuses to show as if it were the photo. */
    int truncated;
    char *message;
};

static void error_exit(j_common_ptr cinfo) {
    struct weft_jpeg_error *error = (struct weft_jpeg_error *)cinfo->err;
    if (error->message) (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->resume, 1);
}

static void emit_message(j_common_ptr cinfo, int level) {
    struct weft_jpeg_error *error = (struct weft_jpeg_error *)cinfo->err;
    /* Level -1 is a warning; the rest are traces, which cost nothing to drop. */
    if (level == -1 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        error->truncated = 1;
        if (error->message) (*cinfo->err->format_message)(cinfo, error->message);
    }
}

static void install_errors(struct jpeg_decompress_struct *cinfo, struct weft_jpeg_error *error, char *message) {
    cinfo->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = error_exit;
    error->manager.emit_message = emit_message;
    error->truncated = 0;
    error->message = message;
    if (message) message[0] = '\0';
}

/* Reads the header and sets the output scale; the caller has set the jump. */
static int start(struct jpeg_decompress_struct *cinfo, const uint8_t *data, size_t length, int denominator) {
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)length);
    if (jpeg_read_header(cinfo, TRUE) != JPEG_HEADER_OK) return WEFT_IMAGE_ECORRUPT;
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int)denominator;
    /* libjpeg converts YCCK to CMYK but CMYK to nothing else: those rows come
    ** out as CMYK and cmyk_to_bgra turns them into pixels in place. */
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    /* The scaled decode trades a little sharpness for speed; so does Weft. */
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_calc_output_dimensions(cinfo);
    return 0;
}

int weft_jpeg_scaled_size(const uint8_t *data, size_t length, int denominator,
                          int *width, int *height, char *message) {
    assert(data != NULL && width != NULL && height != NULL);
    assert(denominator == 1 || denominator == 2 || denominator == 4 || denominator == 8);
    struct jpeg_decompress_struct cinfo;
    struct weft_jpeg_error error;
    install_errors(&cinfo, &error, message);
    if (setjmp(error.resume)) {
        jpeg_destroy_decompress(&cinfo);
        return error.truncated ? WEFT_IMAGE_ETRUNCATED : WEFT_IMAGE_ECORRUPT;
    }
    int status = start(&cinfo, data, length, denominator);
    if (status == 0) {
        *width = (int)cinfo.output_width;
        *height = (int)cinfo.output_height;
    }
    jpeg_destroy_decompress(&cinfo);
    return status;
}

/* Turns a row of CMYK samples into opaque B, G, R, A pixels, in place (four
** bytes each either way). Photoshop and most print tools write Adobe's
** inverted CMYK (255 is no ink), which the Adobe marker says; others write ink
** amounts. Naive conversion, no ICC profile: colours of print-managed files
** shift a little, as in browsers without colour management. */
static void cmyk_to_bgra(uint8_t *row, int width, int inverted) {
    assert(row != NULL && width > 0);
    for (int x = 0; x < width; x++) {
        uint8_t *pixel = row + (size_t)x * 4;
        unsigned c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        /* Now each is 255 minus the ink: the light left of each channel. */
        pixel[0] = (uint8_t)((y * k + 127) / 255);
        pixel[1] = (uint8_t)((m * k + 127) / 255);
        pixel[2] = (uint8_t)((c * k + 127) / 255);
        pixel[3] = 255;
    }
}

int weft_jpeg_decode(const uint8_t *data, size_t length, int denominator,
                     uint8_t *pixels, size_t stride, int width, int height, char *message) {
    assert(data != NULL && pixels != NULL && width > 0 && height > 0);
    assert(stride >= (size_t)width * 4);
    struct jpeg_decompress_struct cinfo;
    struct weft_jpeg_error error;
    install_errors(&cinfo, &error, message);
    if (setjmp(error.resume)) {
        jpeg_destroy_decompress(&cinfo);
        return error.truncated ? WEFT_IMAGE_ETRUNCATED : WEFT_IMAGE_ECORRUPT;
    }
    int status = start(&cinfo, data, length, denominator);
    if (status != 0) {
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    /* The caller sized `pixels` from weft_jpeg_scaled_size on the same bytes. */
    if ((int)cinfo.output_width != width || (int)cinfo.output_height != height) {
        jpeg_destroy_decompress(&cinfo);
        return WEFT_IMAGE_ECORRUPT;
    }
    jpeg_start_decompress(&cinfo);
    int cmyk = cinfo.out_color_space == JCS_CMYK;
    while (cinfo.output_scanline < cinfo.output_height && !error.truncated) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
        if (jpeg_read_scanlines(&cinfo, &row, 1) == 1 && cmyk) cmyk_to_bgra(row, width, cinfo.saw_Adobe_marker);
    }
    if (error.truncated) {
        jpeg_destroy_decompress(&cinfo);
        return WEFT_IMAGE_ETRUNCATED;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return error.truncated ? WEFT_IMAGE_ETRUNCATED : 0;
}

/* Compresses opaque B, G, R, A rows, as they are or (cmyk) as Adobe's
** inverted C, M, Y with no black, through one row of samples. */
static int jpeg_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality, int cmyk,
                       uint8_t **output, size_t *output_length) {
    assert(pixels != NULL && output != NULL && output_length != NULL);
    assert(width > 0 && height > 0 && stride >= (size_t)width * 4);
    struct jpeg_compress_struct cinfo;
    struct weft_jpeg_error error;
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = error_exit;
    error.message = NULL;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    if (setjmp(error.resume)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);  /* jpeg_mem_dest's, from malloc: libjpeg's contract */
        return WEFT_IMAGE_ENOMEM;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    /* CMYK in: CMYK out, with the Adobe marker that says it is inverted. */
    cinfo.in_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    /* The CMYK row, in libjpeg's image pool: jpeg_finish_compress or
    ** jpeg_destroy_compress (after a jump back) releases it. */
    JSAMPROW row = cmyk ? (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE, (JDIMENSION)width * 4, 1)[0]
                        : NULL;
    while (cinfo.next_scanline < cinfo.image_height) {
        const uint8_t *from = pixels + (size_t)cinfo.next_scanline * stride;
        JSAMPROW samples = (JSAMPROW)from;
        if (cmyk) {
            for (int x = 0; x < width; x++) {
                /* 255 minus each ink is the light left of its channel. */
                row[x * 4 + 0] = from[x * 4 + 2];
                row[x * 4 + 1] = from[x * 4 + 1];
                row[x * 4 + 2] = from[x * 4 + 0];
                row[x * 4 + 3] = 255;
            }
            samples = row;
        }
        jpeg_write_scanlines(&cinfo, &samples, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = buffer;
    *output_length = size;
    return 0;
}

int weft_jpeg_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                     uint8_t **output, size_t *output_length) {
    return jpeg_encode(pixels, stride, width, height, quality, 0, output, output_length);
}

int weft_jpeg_encode_cmyk(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                          uint8_t **output, size_t *output_length) {
    return jpeg_encode(pixels, stride, width, height, quality, 1, output, output_length);
}

int weft_webp_size(const uint8_t *data, size_t length, int *width, int *height, int *animated) {
    assert(data != NULL && width != NULL && height != NULL && animated != NULL);
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, length, &features) != VP8_STATUS_OK) return WEFT_IMAGE_ECORRUPT;
    *width = features.width;
    *height = features.height;
    *animated = features.has_animation;
    return 0;
}

int weft_webp_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride, int width, int height,
                     char *message) {
    assert(data != NULL && pixels != NULL && width > 0 && height > 0);
    assert(stride >= (size_t)width * 4);
    if (message) message[0] = '\0';
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return WEFT_IMAGE_ENOMEM;
    VP8StatusCode status = WebPGetFeatures(data, length, &config.input);
    if (status != VP8_STATUS_OK) return WEFT_IMAGE_ECORRUPT;
    if (config.input.has_animation) return WEFT_IMAGE_EANIMATED;
    if (config.input.width != width || config.input.height != height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
    }
    /* Premultiplied B, G, R, A: Cairo's ARGB32 on little-endian. */
    config.output.colorspace = MODE_bgrA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * (size_t)height;
    status = WebPDecode(data, length, &config);
    WebPFreeDecBuffer(&config.output);
    if (status == VP8_STATUS_OK) return 0;
    if (message) snprintf(message, WEFT_IMAGE_MESSAGE_LENGTH, "libwebp status %d", (int)status);
    return status == VP8_STATUS_NOT_ENOUGH_DATA ? WEFT_IMAGE_ETRUNCATED
         : status == VP8_STATUS_OUT_OF_MEMORY ? WEFT_IMAGE_ENOMEM : WEFT_IMAGE_ECORRUPT;
}

int weft_webp_encode(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                     uint8_t **output, size_t *output_length) {
    assert(pixels != NULL && output != NULL && output_length != NULL);
    assert(width > 0 && height > 0 && stride >= (size_t)width * 4);
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) return WEFT_IMAGE_ENOMEM;
    config.lossless = quality < 0;
    config.exact = quality < 0;  /* lossless keeps every pixel, transparent ones too */
    config.quality = quality < 0 ? 75.0f : (float)quality;
    picture.use_argb = 1;
    picture.width = width;
    picture.height = height;
    /* Copied into libwebp's own ARGB buffer, then made straight alpha there:
    ** WebP's encoder takes straight (not premultiplied) alpha. */
    if (!WebPPictureImportBGRA(&picture, pixels, (int)stride)) return WEFT_IMAGE_ENOMEM;
    for (int y = 0; y < height; y++) {
        uint32_t *pixel = picture.argb + (size_t)y * (size_t)picture.argb_stride;
        for (int x = 0; x < width; x++) {
            uint32_t argb = pixel[x], alpha = argb >> 24;
            if (alpha == 255) continue;
            uint32_t straight = alpha << 24;
            for (int shift = 0; shift < 24; shift += 8) {
                uint32_t channel = (argb >> shift) & 0xFF;
                straight |= (alpha == 0 ? 0 : (channel * 255 + alpha / 2) / alpha) << shift;
            }
            pixel[x] = straight;
        }
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int encoded = WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!encoded) {
        WebPMemoryWriterClear(&writer);
        return WEFT_IMAGE_ENOMEM;
    }
    *output = writer.mem;
    *output_length = writer.size;
    return 0;
}

void weft_jpeg_free(uint8_t *buffer) {
    free(buffer);  /* jpeg_mem_dest allocates with malloc: libjpeg's contract */
}

void weft_webp_free(uint8_t *buffer) {
    WebPFree(buffer);
}
