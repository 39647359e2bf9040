package dev.brisk.bench.eishay;

import java.util.List;
import java.util.Objects;

/**
 * The media content of fastjson2's "Eishay" benchmarks ({@code EishayParseUTF8Bytes}, {@code
 * EishayWriteUTF8Bytes}), which came from the jvm-serializers project: a video and two images.
 * Public fields in the order of the document's members (alphabetical, as fastjson2 writes them),
 * so that every library writes the same bytes. Brisk's codec is generated at build time from
 * {@code @JsonCodec}; avaje-jsonb's and DSL-JSON's by their own processors.
 */
@dev.brisk.schema.JsonCodec
@io.avaje.jsonb.Json
@com.dslplatform.json.CompiledJson
public final class MediaContent {
  public List<Image> images;
  public Media media;

  @Override
  public boolean equals(Object o) {
    return o instanceof MediaContent m && Objects.equals(images, m.images) && Objects.equals(media, m.media);
  }

  @Override
  public int hashCode() {
    return Objects.hash(images, media);
  }

  @Override
  public String toString() {
    return "MediaContent[images=" + images + ", media=" + media + "]";
  }
}
