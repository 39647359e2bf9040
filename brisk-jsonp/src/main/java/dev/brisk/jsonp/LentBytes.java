package dev.brisk.jsonp;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The unread bytes of a {@code ByteArrayInputStream}, taken without copying them where the JDK
 * lends its array: up to JDK 21, {@code ByteArrayInputStream.transferTo} hands its own array to
 * the output stream in one write. Later JDKs copy it into a buffer of their own first (and in
 * pieces past 128 KiB), which {@link #AVAILABLE} finds out once, by a probe, so that callers then
 * copy with {@code readAllBytes} as before rather than twice.
 *
 * <p>The bytes stay the stream's: a parser reads them as it goes, as it would read the stream,
 * and copies each string out of them, so what it returns does not change if the caller reuses the
 * array afterwards. Like {@code readAllBytes}, taking them leaves the stream at its end.
 *
 * <p>Not thread-safe: one instance per call of {@link #of}.
 */
final class LentBytes extends OutputStream {
  /** Whether this JDK's ByteArrayInputStream lends its own array to {@code transferTo}. */
  static final boolean AVAILABLE = probe();

  byte[] bytes;
  int off;
  int len;
  private int writes;

  private LentBytes() {}

  private static boolean probe() {
    byte[] probe = {'['};
    LentBytes c = new LentBytes();
    transfer(new ByteArrayInputStream(probe), c);
    return c.writes == 1 && c.bytes == probe && c.off == 0 && c.len == 1;
  }

  /**
   * The stream's unread bytes, its own array where {@link #AVAILABLE} (callers ask only there;
   * elsewhere a JDK copy of up to 128 KiB, and an IllegalStateException past that); the stream is
   * at its end afterwards. Only for a plain {@code ByteArrayInputStream}: a subclass may write
   * from a buffer that it reuses.
   */
  static LentBytes of(ByteArrayInputStream in) {
    LentBytes c = new LentBytes();
    transfer(in, c);
    if (c.writes > 1) {
      throw new IllegalStateException("ByteArrayInputStream.transferTo wrote " + c.writes + " times");
    }
    if (c.writes == 0) {
      c.bytes = new byte[0];
    }
    return c;
  }

  @Override
  public void write(int b) {
    throw new UnsupportedOperationException("ByteArrayInputStream.transferTo writes arrays");
  }

  @Override
  public void write(byte[] b, int off, int len) {
    if (writes++ == 0) {
      this.bytes = b;
      this.off = off;
      this.len = len;
    }
  }

  /** ByteArrayInputStream.transferTo declares an IOException, which neither it nor this stream throws. */
  private static void transfer(ByteArrayInputStream in, LentBytes to) {
    try {
      in.transferTo(to);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
