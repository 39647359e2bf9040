package dev.brisk.json;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Hands out one byte per read, to test every refill boundary of a streaming reader. */
final class OneByteInputStream extends FilterInputStream {
  OneByteInputStream(byte[] data) {
    super(new ByteArrayInputStream(data));
  }

  OneByteInputStream(InputStream in) {
    super(in);
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return super.read(b, off, Math.min(len, 1));
  }
}
