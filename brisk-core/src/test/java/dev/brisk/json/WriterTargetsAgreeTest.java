package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A writer gives the same bytes into its own growable buffer as through a buffer of any size in
 * front of a stream, however its values come: a whole tree, or one call per token (names and
 * strings as {@code String}s, numbers as their text). Streams with buffers from 64 bytes put the
 * buffer's end inside names, strings, escapes, multi-byte characters and numbers. Seeded random
 * documents with long strings of escapes, non-ASCII, surrogate pairs, lone surrogates, U+2028 and
 * {@code </}, written compact and pretty and with the optional escapes; the compact output must
 * read back to the same tree.
 *
 * <p>{@code -Dbrisk.fuzz.documents=N -Dbrisk.fuzz.seed=S} runs more, or other, documents.
 */
class WriterTargetsAgreeTest {
  static final String[] PIECES = {
    "a", "plain text ", "\"", "\\", "/", "</", "\n", "\t", "\u0000", "\u001f", "\u007f", "\u00e9", "\u20ac",
    "\u2028", "\u2029", "\ud83d\ude00", "\ud800", "\udc00", "\uffff", "0123456789"
  };

  private final SplittableRandom r = new SplittableRandom(Long.getLong("brisk.fuzz.seed", 20261124L));

  @Test
  void everyTargetGetsTheSameBytes() {
    int n = Integer.getInteger("brisk.fuzz.documents", 300);
    for (int i = 0; i < n; i++) {
      JsonValue tree = value(r.nextInt(10) == 0 ? 1 : 4, r.nextInt(8) == 0);
      String indent = r.nextBoolean() ? null : r.nextBoolean() ? "  " : "\t";
      boolean slash = r.nextInt(4) == 0;
      boolean separators = r.nextInt(4) == 0;
      JsonWriter.Options o = JsonWriter.options().indent(indent).escapeSlash(slash).escapeLineSeparators(separators);

      JsonWriter growable = o.create();
      growable.value(tree);
      byte[] want = growable.toByteArray();
      String what = "document " + i + " (indent " + (indent == null ? "none" : "'" + indent + "'") + ", slash "
          + slash + ", separators " + separators + ")";

      for (int size : new int[] {64, 64 + r.nextInt(200), 8192}) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonWriter w = o.bufferSize(size).to(out);
        w.value(tree);
        w.flush();
        assertArrayEquals(want, out.toByteArray(), what + ", tree through a buffer of " + size);

        out.reset();
        w = o.bufferSize(size).to(out);
        copyTokens(JsonReader.of(Json.toBytes(tree)), w, r);
        w.flush();
        assertArrayEquals(want, out.toByteArray(), what + ", token by token through a buffer of " + size);
      }
      if (indent == null && !slash && !separators) {
        assertArrayEquals(want, Json.toBytes(tree), what + ", Json.toBytes");
      }
      assertEquals(tree, Json.parse(want), what + ": read back");
    }
  }

  /**
   * Writes what the reader reads, one writer call per token; a member goes through {@code
   * name(String)}, a codec's {@code name(JsonNames, i)}, or (string, long and boolean values)
   * its {@code member(JsonNames, i, value)}, as {@code r} picks.
   */
  static void copyTokens(JsonReader in, JsonWriter w, SplittableRandom r) {
    JsonToken t = in.next();
    while (t != JsonToken.END_DOCUMENT) {
      if (t == JsonToken.NAME) {
        String name = in.getName();
        // A codec's names must have a UTF-8 form: no lone surrogates (JsonNames.of rejects them).
        boolean utf8 = name.equals(new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
        JsonNames names = utf8 ? JsonNames.of("other", name) : null;
        int way = utf8 ? r.nextInt(3) : 0;
        if (way == 0) {
          w.name(name);
        } else if (way == 1) {
          w.name(names, 1);
        } else {
          t = in.next();
          if (t == JsonToken.STRING) {
            w.member(names, 1, in.getString());
          } else if (t == JsonToken.NUMBER && isLong(in.getNumberText())) {
            w.member(names, 1, Long.parseLong(in.getNumberText()));
          } else if (t == JsonToken.TRUE || t == JsonToken.FALSE) {
            w.member(names, 1, in.getBoolean());
          } else {
            w.name(names, 1);
            continue; // t is the member's value, not yet written
          }
          t = in.next();
          continue;
        }
        t = in.next();
        continue;
      }
      switch (t) {
        case BEGIN_OBJECT:
          w.beginObject();
          break;
        case END_OBJECT:
          w.endObject();
          break;
        case BEGIN_ARRAY:
          w.beginArray();
          break;
        case END_ARRAY:
          w.endArray();
          break;
        case STRING:
          w.value(in.getString());
          break;
        case NUMBER:
          w.numberText(in.getNumberText());
          break;
        case TRUE:
        case FALSE:
          w.value(in.getBoolean());
          break;
        default:
          w.nullValue();
      }
      t = in.next();
    }
  }

  /** Whether {@code text} is a long written as {@link Long#toString} would. */
  private static boolean isLong(String text) {
    try {
      return Long.toString(Long.parseLong(text)).equals(text);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private JsonValue value(int depth, boolean big) {
    JsonWriter w = JsonWriter.create();
    write(w, depth, big);
    return Json.parse(w.toByteArray());
  }

  private void write(JsonWriter w, int depth, boolean big) {
    int kind = depth == 0 ? r.nextInt(4) : r.nextInt(6);
    switch (kind) {
      case 0:
        w.value(string(big && r.nextInt(3) == 0 ? 9000 : 40));
        break;
      case 1:
        w.numberText(new String[] {"0", "-7", "123456789012345678901234567890", "2.5e-8", "1E+400", "0.10"}[r.nextInt(6)]);
        break;
      case 2:
        w.value(r.nextLong());
        break;
      case 3:
        if (r.nextBoolean()) {
          w.value(Double.longBitsToDouble(r.nextLong() & 0x7fefffffffffffffL));
        } else {
          w.nullValue();
        }
        break;
      case 4: {
        w.beginObject();
        for (int i = r.nextInt(big ? 40 : 6); i > 0; i--) {
          w.name(string(12));
          write(w, depth - 1, big);
        }
        w.endObject();
        break;
      }
      default: {
        w.beginArray();
        for (int i = r.nextInt(big ? 40 : 6); i > 0; i--) {
          write(w, depth - 1, big);
        }
        w.endArray();
      }
    }
  }

  private String string(int maxPieces) {
    StringBuilder sb = new StringBuilder();
    for (int i = r.nextInt(maxPieces + 1); i > 0; i--) {
      sb.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }
}
