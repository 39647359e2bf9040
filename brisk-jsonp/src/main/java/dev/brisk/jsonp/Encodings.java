package dev.brisk.jsonp;

import java.io.PushbackInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;

/**
 * Everything reaches the core reader as UTF-8 bytes: UTF-8 streams as they are (a byte order mark
 * skipped), streams in UTF-16 or UTF-32 (found by their byte order mark or by the zero bytes of
 * the first characters, RFC 4627 section 3) and {@link Reader}s re-encoded on the fly.
 *
 * <p>Exact both ways: bytes that are not valid in their encoding (an unpaired UTF-16 surrogate,
 * say) are an error, never replaced; and a lone surrogate among a Reader's chars, which UTF-8
 * cannot hold, becomes its JSON escape (a backslash, u and four hex digits), so that a string
 * keeps it (as a parser of chars does) and anywhere else it is the syntax error it was.
 */
final class Encodings {
  private Encodings() {}

  /** The encoding a JSON text starting with these bytes is in, and the length of its byte order mark. */
  static final class Detected {
    final Charset charset;
    final int skip;

    Detected(Charset charset, int skip) {
      this.charset = charset;
      this.skip = skip;
    }
  }

  private static final Detected UTF8 = new Detected(StandardCharsets.UTF_8, 0);

  /**
   * Whether {@link #detect} would find plain UTF-8 with no byte order mark, told from a cheaper
   * look: at least four bytes, none of the first four zero, and a first byte below 0xEF (no mark
   * starts lower). False sends the caller to {@code detect}, which decides the rest.
   */
  static boolean plainUtf8Start(byte[] b, int off, int len) {
    return len >= 4 && b[off] != 0 && b[off + 1] != 0 && b[off + 2] != 0 && b[off + 3] != 0
        && (b[off] & 0xFF) < 0xEF;
  }

  /** From the first {@code n} (up to 4) bytes; RFC 4627 section 3, and byte order marks. */
  static Detected detect(byte[] b, int n) {
    return detect(b, 0, n);
  }

  /** The same, from the first {@code n} (up to 4) bytes at {@code b[off]}. */
  static Detected detect(byte[] b, int off, int n) {
    int c0 = n > 0 ? b[off] & 0xFF : -1;
    int c1 = n > 1 ? b[off + 1] & 0xFF : -1;
    int c2 = n > 2 ? b[off + 2] & 0xFF : -1;
    int c3 = n > 3 ? b[off + 3] & 0xFF : -1;
    if (c0 == 0xEF && c1 == 0xBB && c2 == 0xBF) {
      return new Detected(StandardCharsets.UTF_8, 3);
    }
    if (c0 == 0 && c1 == 0 && c2 == 0xFE && c3 == 0xFF) {
      return new Detected(Charset.forName("UTF-32BE"), 4);
    }
    if (c0 == 0xFF && c1 == 0xFE && c2 == 0 && c3 == 0) {
      return new Detected(Charset.forName("UTF-32LE"), 4);
    }
    if (c0 == 0xFE && c1 == 0xFF) {
      return new Detected(StandardCharsets.UTF_16BE, 2);
    }
    if (c0 == 0xFF && c1 == 0xFE) {
      return new Detected(StandardCharsets.UTF_16LE, 2);
    }
    if (n >= 4 && c0 == 0 && c1 == 0 && c2 == 0) {
      return new Detected(Charset.forName("UTF-32BE"), 0);
    }
    if (n >= 4 && c1 == 0 && c2 == 0 && c3 == 0) {
      return new Detected(Charset.forName("UTF-32LE"), 0);
    }
    if (n >= 2 && c0 == 0) {
      return new Detected(StandardCharsets.UTF_16BE, 0);
    }
    if (n >= 2 && c1 == 0) {
      return new Detected(StandardCharsets.UTF_16LE, 0);
    }
    for (int i = 0; i < n; i++) {
      if (b[i] == 0) {
        // No JSON text in UTF-8 has a NUL byte, and no UTF-16/32 pattern matched.
        throw new jakarta.json.JsonException("cannot tell the input's encoding: it starts with a zero byte that no"
            + " UTF-8, UTF-16 or UTF-32 JSON text has there");
      }
    }
    return UTF8;
  }

  /** Reads in a row that may give nothing before the source is taken as broken (as the core reader's). */
  static final int MAX_ZERO_READS = 1000;

  /** A source that breaks read's contract, returning nothing again and again, would spin for ever. */
  static IOException nothingRead(String what) {
    return new IOException("the " + what + " returned nothing " + MAX_ZERO_READS + " times in a row"
        + " (read must wait for input, or return -1 at the end)");
  }

  /** The stream as UTF-8, detecting its encoding from its first bytes (pushed back after). */
  static InputStream utf8(InputStream in) throws IOException {
    PushbackInputStream p = new PushbackInputStream(in, 4);
    byte[] first = new byte[4];
    int n = 0;
    int zeros = 0;
    while (n < 4) {
      int r = p.read(first, n, 4 - n);
      if (r < 0) {
        break;
      }
      if (r > 0) {
        zeros = 0;
      } else if (++zeros == MAX_ZERO_READS) {
        throw nothingRead("stream");
      }
      n += r;
    }
    Detected d = detect(first, n);
    if (n > d.skip) {
      p.unread(first, d.skip, n - d.skip);
    }
    return d.charset == StandardCharsets.UTF_8 ? p : decoded(p, d.charset, d.skip);
  }

  /** The stream in the given encoding, as UTF-8. */
  static InputStream utf8(InputStream in, Charset cs) {
    return cs.equals(StandardCharsets.UTF_8) ? in : decoded(in, cs, 0);
  }

  /** Bytes in {@code cs} (after {@code skip} bytes of byte order mark) as UTF-8, decoded strictly. */
  static InputStream decoded(InputStream in, Charset cs, int skip) {
    return new Utf8Stream(new StrictReader(in, cs, skip));
  }

  private static String invalid(Charset cs, int length, long at) {
    return "the input is not valid " + cs.name() + ": a malformed or unpaired sequence of " + length
        + " byte(s) at byte " + at;
  }

  /**
   * Decodes bytes, reporting rather than replacing bytes not valid in the encoding ({@link
   * java.io.InputStreamReader} replaces them, and its decoder's error drops the chars before it
   * in the same read). The chars before a fault are all given out first, so that whatever reads
   * them meets the first fault in the input, whether it is a syntax error or bad bytes, however
   * the stream splits its reads.
   */
  private static final class StrictReader extends Reader {
    private final InputStream in;
    private final Charset cs;
    private final java.nio.charset.CharsetDecoder decoder;
    private final ByteBuffer bytes = ByteBuffer.allocate(8192);
    private long offset; // of bytes' position in the input, the byte order mark counted
    private boolean eof;
    private boolean flushed;
    private IOException fault; // found after chars that had to go out first
    private int zeros;

    StrictReader(InputStream in, Charset cs, int skip) {
      this.in = in;
      this.cs = cs;
      this.decoder = cs.newDecoder(); // REPORT for malformed and unmappable input
      this.offset = skip;
      bytes.flip();
    }

    @Override
    public int read(char[] c, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (fault != null) {
        throw fault;
      }
      if (flushed) {
        return -1; // a decoder takes no input after its flush
      }
      CharBuffer out = CharBuffer.wrap(c, off, len);
      for (;;) {
        int before = bytes.position();
        CoderResult r = decoder.decode(bytes, out, eof);
        offset += bytes.position() - before;
        if (r.isError()) {
          fault = new IOException(invalid(cs, r.length(), offset));
          if (out.position() > off) {
            return out.position() - off;
          }
          throw fault;
        }
        if (eof && !flushed && !r.isOverflow()) {
          flushed = true;
          decoder.flush(out);
        }
        if (out.position() > off) {
          return out.position() - off;
        }
        if (eof) {
          return -1;
        }
        bytes.compact();
        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (n < 0) {
          eof = true;
        } else if (n == 0 && ++zeros == MAX_ZERO_READS) {
          throw nothingRead("stream");
        } else {
          if (n > 0) {
            zeros = 0;
          }
          bytes.position(bytes.position() + n);
        }
        bytes.flip();
      }
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /**
   * Characters as UTF-8 bytes, encoded as they are read; a lone surrogate becomes its JSON escape
   * (see the class comment).
   */
  static final class Utf8Stream extends InputStream {
    private final Reader in;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder(); // reports lone surrogates
    private final CharBuffer chars = CharBuffer.allocate(4096);
    private int zeros; // reads in a row that gave no chars
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
          } else if (n == 0 && chars.hasRemaining() && ++zeros == MAX_ZERO_READS) {
            throw nothingRead("reader");
          } else if (n > 0) {
            zeros = 0;
          }
          chars.flip();
        }
        bytes.clear();
        for (;;) {
          CoderResult r = encoder.encode(chars, bytes, eof);
          // An error is a lone surrogate (UTF-8 has a form for every other char), at the
          // position: its escape, when there is room (else it waits for the next fill).
          if (!r.isError() || bytes.remaining() < 6) {
            break;
          }
          escape(chars.get(), bytes);
        }
        if (eof && !chars.hasRemaining()) {
          encoder.flush(bytes);
        }
        bytes.flip();
      }
      return true;
    }

    private static void escape(char c, ByteBuffer out) {
      out.put((byte) '\\').put((byte) 'u');
      for (int shift = 12; shift >= 0; shift -= 4) {
        out.put((byte) "0123456789abcdef".charAt(c >> shift & 0xF));
      }
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
