package dev.brisk.jsonp;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Everything reaches the core reader as UTF-8 bytes: UTF-8 streams as they are (a byte order mark
 * skipped), streams in UTF-16 or UTF-32 (found by their byte order mark or by the zero bytes of
 * the first characters, RFC 4627 section 3) and {@link Reader}s re-encoded on the fly.
 */
final class Encodings {
  private Encodings() {}

  /** The stream as UTF-8, detecting its encoding from its first bytes. */
  static InputStream utf8(InputStream in) throws IOException {
    BufferedInputStream b = in instanceof BufferedInputStream ? (BufferedInputStream) in : new BufferedInputStream(in, 8192);
    b.mark(4);
    int[] c = new int[4];
    int n = 0;
    while (n < 4) {
      int x = b.read();
      if (x < 0) {
        break;
      }
      c[n++] = x;
    }
    b.reset();
    Charset cs = StandardCharsets.UTF_8;
    int skip = 0;
    if (n >= 3 && c[0] == 0xEF && c[1] == 0xBB && c[2] == 0xBF) {
      skip = 3;
    } else if (n >= 4 && c[0] == 0 && c[1] == 0 && c[2] == 0xFE && c[3] == 0xFF) {
      cs = Charset.forName("UTF-32BE");
      skip = 4;
    } else if (n >= 4 && c[0] == 0xFF && c[1] == 0xFE && c[2] == 0 && c[3] == 0) {
      cs = Charset.forName("UTF-32LE");
      skip = 4;
    } else if (n >= 2 && c[0] == 0xFE && c[1] == 0xFF) {
      cs = StandardCharsets.UTF_16BE;
      skip = 2;
    } else if (n >= 2 && c[0] == 0xFF && c[1] == 0xFE) {
      cs = StandardCharsets.UTF_16LE;
      skip = 2;
    } else if (n >= 4 && c[0] == 0 && c[1] == 0 && c[2] == 0) {
      cs = Charset.forName("UTF-32BE");
    } else if (n >= 4 && c[1] == 0 && c[2] == 0 && c[3] == 0) {
      cs = Charset.forName("UTF-32LE");
    } else if (n >= 2 && c[0] == 0) {
      cs = StandardCharsets.UTF_16BE;
    } else if (n >= 2 && c[1] == 0) {
      cs = StandardCharsets.UTF_16LE;
    }
    if (cs == StandardCharsets.UTF_8 && skip == 0) {
      for (int i = 0; i < n; i++) {
        if (c[i] == 0) {
          // No JSON text in UTF-8 has a NUL byte, and no UTF-16/32 pattern matched.
          throw new jakarta.json.JsonException("cannot tell the input's encoding: it starts with a zero byte that no"
              + " UTF-8, UTF-16 or UTF-32 JSON text has there");
        }
      }
    }
    for (int i = 0; i < skip; i++) {
      b.read();
    }
    return cs == StandardCharsets.UTF_8 ? b : new Utf8Stream(new InputStreamReader(b, cs));
  }

  /** The stream in the given encoding, as UTF-8. */
  static InputStream utf8(InputStream in, Charset cs) {
    return cs.equals(StandardCharsets.UTF_8) ? in : new Utf8Stream(new InputStreamReader(in, cs));
  }

  /** Characters as UTF-8 bytes, encoded as they are read. */
  static final class Utf8Stream extends InputStream {
    private final Reader in;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
        .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final CharBuffer chars = CharBuffer.allocate(4096);
    private final ByteBuffer bytes = ByteBuffer.allocate(4096 * 3 + 8);
    private boolean eof;

    Utf8Stream(Reader in) {
      this.in = in;
      bytes.flip();
      chars.flip();
    }

    private boolean fill() throws IOException {
      while (!bytes.hasRemaining()) {
        if (eof && !chars.hasRemaining()) {
          return false;
        }
        if (!eof) {
          chars.compact();
          int n = in.read(chars);
          if (n < 0) {
            eof = true;
          }
          chars.flip();
        }
        bytes.clear();
        CoderResult r = encoder.encode(chars, bytes, eof);
        if (eof && !chars.hasRemaining()) {
          encoder.flush(bytes);
        }
        bytes.flip();
        if (r.isError()) {
          r.throwException();
        }
      }
      return true;
    }

    @Override
    public int read() throws IOException {
      return fill() ? bytes.get() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (!fill()) {
        return -1;
      }
      int n = Math.min(len, bytes.remaining());
      bytes.get(b, off, n);
      return n;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
