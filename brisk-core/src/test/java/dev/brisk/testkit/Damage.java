package dev.brisk.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Test helpers for reading the same bytes from several sources: documents damaged by a few bytes,
 * streams that hand out their bytes in small pieces, and a slice of a larger array. Shared with
 * brisk-schema's tests through brisk-core's test jar, in a package of its own: brisk-schema's
 * and brisk-jsonp's tests are compiled inside their named modules, which see no class of a test
 * jar in {@code dev.brisk.json}, the package of the module {@code dev.brisk.json}.
 */
public final class Damage {
  /** Bytes that change what a reader sees: JSON's punctuation, number and literal bytes, bad UTF-8. */
  static final byte[] BYTES = {
    '"', '\\', '{', '}', '[', ']', ',', ':', '0', '9', '-', '+', '.', 'e', 'E', ' ', '\n', '\r', 'n', 't', 'f', 'u',
    '/', '*', 0x00, 0x1F, 0x7F, (byte) 0x80, (byte) 0xBF, (byte) 0xC0, (byte) 0xC3, (byte) 0xE2, (byte) 0xED,
    (byte) 0xF0, (byte) 0xF4, (byte) 0xFF
  };

  private Damage() {}

  /** {@code doc} with one to three changes: a byte replaced, dropped or added, or the end cut off. */
  public static byte[] damaged(byte[] doc, SplittableRandom r) {
    for (int k = r.nextInt(1, 4); k > 0 && doc.length > 0; k--) {
      int at = r.nextInt(doc.length);
      switch (r.nextInt(4)) {
        case 0:
          doc[at] = BYTES[r.nextInt(BYTES.length)];
          break;
        case 1:
          doc = Arrays.copyOf(doc, at);
          break;
        case 2: {
          byte[] shorter = new byte[doc.length - 1];
          System.arraycopy(doc, 0, shorter, 0, at);
          System.arraycopy(doc, at + 1, shorter, at, doc.length - at - 1);
          doc = shorter;
          break;
        }
        default: {
          byte[] longer = new byte[doc.length + 1];
          System.arraycopy(doc, 0, longer, 0, at);
          longer[at] = BYTES[r.nextInt(BYTES.length)];
          System.arraycopy(doc, at, longer, at + 1, doc.length - at);
          doc = longer;
        }
      }
    }
    return doc;
  }

  /** A stream over {@code data} that hands out one byte per read. */
  public static InputStream oneByteAtATime(byte[] data) {
    return new Chunks(data, null);
  }

  /** A stream over {@code data} that hands out chunks of 1 to 100 bytes, sized by {@code r}. */
  public static InputStream randomChunks(byte[] data, SplittableRandom r) {
    return new Chunks(data, r);
  }

  /**
   * A stream over {@code data} that returns no bytes from {@code empty} reads before each byte it
   * hands out (which InputStream's contract does not allow, and some streams do); with {@code data}
   * null it never returns anything at all.
   */
  public static InputStream stuttering(byte[] data, int empty) {
    return new InputStream() {
      private int calls;
      private int at;

      @Override
      public int read() {
        throw new UnsupportedOperationException("read(byte[], int, int) only");
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (data == null || calls++ % (empty + 1) != empty) {
          return 0;
        }
        if (at == data.length) {
          return -1;
        }
        b[off] = data[at++];
        return 1;
      }
    };
  }

  private static final class Chunks extends FilterInputStream {
    private final SplittableRandom r;

    Chunks(byte[] data, SplittableRandom r) {
      super(new ByteArrayInputStream(data));
      this.r = r;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return super.read(b, off, Math.min(len, r == null ? 1 : r.nextInt(1, 101)));
    }
  }

  /**
   * {@code doc} copied into a larger array at a random offset (returned in {@code at[0]}), with
   * bytes around it that continue it as JSON would: a reader that looks past the slice's end finds
   * a plausible document rather than garbage.
   */
  public static byte[] inside(byte[] doc, SplittableRandom r, int[] at) {
    byte[] around = "1234567890\"name\":\"x\",\"count\":1e5}]}true".getBytes(UTF_8);
    int before = r.nextInt(1, 40);
    byte[] big = new byte[before + doc.length + 80];
    for (int i = 0; i < big.length; i++) {
      big[i] = around[i % around.length];
    }
    System.arraycopy(doc, 0, big, before, doc.length);
    at[0] = before;
    return big;
  }

  /** The document for a failure message: line breaks shown, long ones cut. */
  public static String show(byte[] doc) {
    String s = new String(doc, UTF_8).replace("\n", "\\n");
    return s.length() > 2000 ? s.substring(0, 2000) + "... (" + doc.length + " bytes)" : s;
  }
}
