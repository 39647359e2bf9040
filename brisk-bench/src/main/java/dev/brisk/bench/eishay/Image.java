package dev.brisk.bench.eishay;

import java.util.Objects;

/** An image of {@link MediaContent}. */
@io.avaje.jsonb.Json
@com.dslplatform.json.CompiledJson
public final class Image {
  /** How large an image is. */
  public enum Size {
    SMALL,
    LARGE
  }

  public int height;
  public Size size;
  public String title;
  public String uri;
  public int width;

  @Override
  public boolean equals(Object o) {
    return o instanceof Image i && height == i.height && size == i.size && Objects.equals(title, i.title)
        && Objects.equals(uri, i.uri) && width == i.width;
  }

  @Override
  public int hashCode() {
    return Objects.hash(height, size, title, uri, width);
  }

  @Override
  public String toString() {
    return "Image[uri=" + uri + ", title=" + title + ", " + width + "x" + height + ", size=" + size + "]";
  }
}
