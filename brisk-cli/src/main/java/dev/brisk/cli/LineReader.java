package dev.brisk.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a stream into lines of bytes (without the line break, and without a final carriage
 * return), reusing one buffer. A line longer than {@code max} bytes is skipped to its end and
 * flagged, so memory stays bounded whatever the input.
 */
final class LineReader {
  private final InputStream in;
  private final int max;
  private byte[] line = new byte[8192];
  private int length;
  private boolean tooLong;
  private boolean eof;

  LineReader(InputStream in, int max) {
    this.in = in;
    this.max = max;
  }

  /** Reads in a row that may give no bytes before the input is taken as broken. */
  static final int MAX_ZERO_READS = 1000;

  private final byte[] chunk = new byte[1 << 16];
  private int zeros;
  private int chunkPos;
  private int chunkEnd;

  /** Reads the next line; false at the end of the stream. */
  boolean next() throws IOException {
    if (eof) {
      return false;
    }
    length = 0;
    tooLong = false;
    boolean any = false;
    while (true) {
      if (chunkPos == chunkEnd) {
        int n = in.read(chunk);
        if (n < 0) {
          eof = true;
          trimCr();
          return any;
        }
        if (n == 0 && ++zeros == MAX_ZERO_READS) { // a stream that breaks read's contract would spin for ever
          throw new IOException("the input returned 0 bytes " + MAX_ZERO_READS + " times in a row");
        }
        if (n > 0) {
          zeros = 0;
        }
        chunkPos = 0;
        chunkEnd = n;
        continue;
      }
      any = true;
      int p = chunkPos;
      while (p < chunkEnd && chunk[p] != '\n') {
        p++;
      }
      append(chunkPos, p);
      if (p < chunkEnd) {
        chunkPos = p + 1;
        trimCr();
        return true;
      }
      chunkPos = p;
    }
  }

  private void append(int from, int to) {
    int n = to - from;
    if (tooLong || length + n > max) {
      tooLong = true;
      return;
    }
    if (length + n > line.length) {
      line = Arrays.copyOf(line, Math.min(max, Math.max(line.length * 2, length + n)));
    }
    System.arraycopy(chunk, from, line, length, n);
    length += n;
  }

  private void trimCr() {
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
  }

  boolean blank() {
    for (int i = 0; i < length; i++) {
      if (line[i] != ' ' && line[i] != '\t') {
        return false;
      }
    }
    return !tooLong;
  }

  boolean tooLong() {
    return tooLong;
  }

  int max() {
    return max;
  }

  byte[] buffer() {
    return line;
  }

  int length() {
    return length;
  }
}
