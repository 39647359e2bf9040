package dev.brisk.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/**
 * Counts the bytes read through it, for progress: {@link #count()} may be read from another thread
 * (the ship ticker's), and an optional listener is told the running total on the reading thread
 * after every read (the check progress bar). Not for several reading threads.
 */
final class CountingInputStream extends FilterInputStream {
  private volatile long count;
  private final LongConsumer onRead;

  CountingInputStream(InputStream in, LongConsumer onRead) {
    super(in);
    this.onRead = onRead;
  }

  /** The bytes read so far. */
  long count() {
    return count;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      added(1);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    if (n > 0) {
      added(n);
    }
    return n;
  }

  private void added(int n) {
    long c = count + n; // one reading thread: no lost update
    count = c;
    if (onRead != null) {
      onRead.accept(c);
    }
  }
}
