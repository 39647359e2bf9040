package dev.brisk.bench.eishay;

import java.util.List;
import java.util.Objects;

/**
 * The video of {@link MediaContent}. fastjson2's model also has a {@code copyright}, which its
 * document leaves out (null); it is left out here too, because libraries disagree on writing a
 * null member (Jackson and Brisk write it, fastjson2 drops it), and the benchmark compares the same
 * work.
 */
@io.avaje.jsonb.Json
@com.dslplatform.json.CompiledJson
public final class Media {
  /** The player a video is made for. */
  public enum Player {
    JAVA,
    FLASH
  }

  public int bitrate;
  public long duration;
  public String format;
  public int height;
  public List<String> persons;
  public Player player;
  public long size;
  public String title;
  public String uri;
  public int width;

  @Override
  public boolean equals(Object o) {
    return o instanceof Media m && bitrate == m.bitrate && duration == m.duration
        && Objects.equals(format, m.format) && height == m.height && Objects.equals(persons, m.persons)
        && player == m.player && size == m.size && Objects.equals(title, m.title)
        && Objects.equals(uri, m.uri) && width == m.width;
  }

  @Override
  public int hashCode() {
    return Objects.hash(bitrate, duration, format, height, persons, player, size, title, uri, width);
  }

  @Override
  public String toString() {
    return "Media[uri=" + uri + ", title=" + title + ", " + width + "x" + height + ", format=" + format
        + ", duration=" + duration + ", size=" + size + ", bitrate=" + bitrate + ", persons=" + persons
        + ", player=" + player + "]";
  }
}
