package dev.brisk.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brisk.testkit.Damage;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The reader gives the same tokens, values, trees and errors for the same bytes whatever they come
 * from: the whole array, a slice of a larger array whose bytes around it look like more JSON, a
 * string, and streams that hand out everything at once, one byte per read, or random chunks (so
 * that every refill boundary, and the buffer's compaction and growth, fall inside tokens). Its
 * short paths look further ahead where more bytes are at hand, so each source takes other paths
 * through a document. Seeded random documents, compact, pretty and with odd white space, some
 * longer than a stream buffer, most of them damaged by a few bytes; three ways of reading each:
 * the token loop with every getter, the tree, and a skip. Nothing but a {@link JsonException} may
 * come out, and its message, offset, line, column and path must agree. One more source is a reader
 * kept per setting and {@link JsonReader#reset} for each document, whatever the one before left.
 *
 * <p>{@code -Dbrisk.fuzz.documents=N -Dbrisk.fuzz.seed=S} runs more, or other, documents.
 */
class SourcesAgreeTest {
  static final String[] STRING_PARTS = {
    "a", "plain text", "\u00e9", "\u20ac", "\ud83d\ude00", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u0041",
    "\\u00e9", "\\u2028", "\\ud83d\\ude00", "0123456789", "  ", "$id", "\u0444\u044b\u0432"
  };

  static final String[] NUMBERS = {
    "0", "-0", "7", "-42", "123456789", "-2147483648", "2147483648", "9223372036854775807",
    "-9223372036854775808", "9223372036854775808", "123456789012345678901234567890", "0.5", "-0.0",
    "3.141592653589793", "41.074136711612084", "1e10", "1E-7", "-2.5e+300", "4.9e-324", "1.7976931348623157e308",
    "1e400", "0.000000000000000000000000000001", "12345678.87654321"
  };

  static final String[] NAMES = {"id", "name", "price", "tags", "a", "", "nested", "\\u0069d", "caf\u00e9", "x y"};

  enum Source {
    ARRAY,
    SLICE,
    STRING,
    STREAM,
    ONE_BYTE,
    CHUNKS,
    /** One reader per setting, reset for each document (a slice) whatever the last one left. */
    RESET
  }

  /** The readers that RESET keeps; each began as a reader of a string, whose trees share its bytes. */
  private final java.util.Map<Json, JsonReader> kept = new java.util.IdentityHashMap<>();

  enum Way {
    TOKENS,
    /** The token loop with nextStringElement() for every step: the same transcript as TOKENS. */
    STRING_ELEMENTS,
    TREE,
    SKIP
  }

  private final SplittableRandom r =
      new SplittableRandom(Long.getLong("brisk.fuzz.seed", 20261124L));

  @Test
  void everySourceReadsADocumentTheSameWay() {
    int n = Integer.getInteger("brisk.fuzz.documents", 3000);
    Json[] settings = {
      Json.DEFAULT,
      Json.builder().allowComments(true).allowTrailingCommas(true).build(),
      Json.builder().multipleValues(true).build(),
      Json.builder().maxStringLength(20).maxNumberLength(25).maxDepth(6).maxMembers(7).build(),
    };
    int accepted = 0;
    for (int i = 0; i < n; i++) {
      Json json = settings[r.nextInt(settings.length)];
      StringBuilder sb = new StringBuilder();
      int values = json == settings[2] ? 1 + r.nextInt(3) : 1;
      Layout layout = Layout.values()[r.nextInt(Layout.values().length)];
      for (int v = 0; v < values; v++) {
        if (v > 0) {
          sb.append('\n');
        }
        value(sb, r.nextInt(10) == 0 ? 2 : 4, layout, r.nextInt(12) == 0);
      }
      if (r.nextBoolean()) {
        sb.append(layout == Layout.COMPACT ? "" : "\n");
      }
      byte[] doc = sb.toString().getBytes(UTF_8);
      if (r.nextInt(4) != 0) {
        doc = Damage.damaged(doc, r);
      }
      Way way = Way.values()[r.nextInt(Way.values().length)];
      String want = outcome(json, Source.ARRAY, way, doc);
      if (way == Way.STRING_ELEMENTS) {
        String tokens = outcome(json, Source.ARRAY, Way.TOKENS, doc);
        if (!want.equals(tokens)) {
          fail("nextStringElement() differs from next() for " + Damage.show(doc) + "\n next(): " + tokens
              + "\n nextStringElement(): " + want);
        }
      }
      if (!want.startsWith("error")) {
        accepted++;
      }
      // Json.read of an array or a string reads with the reader the thread's last tree left
      // (reset); of a stream, with a new reader each time.
      byte[] d = doc;
      String whole = whole(() -> json.read(new java.io.ByteArrayInputStream(d)));
      String fromArray = whole(() -> json.read(d));
      if (!whole.equals(fromArray)) {
        fail("Json.read of the array differs from the stream's for " + Damage.show(doc) + "\n stream: " + whole + "\n array: " + fromArray);
      }
      if (validUtf8(doc) && !whole.equals(whole(() -> json.read(new String(d, UTF_8))))) {
        fail("Json.read of the string differs from the stream's for " + Damage.show(doc));
      }
      for (Source s : Source.values()) {
        if (s == Source.ARRAY || (s == Source.STRING && !validUtf8(doc))) {
          continue;
        }
        String got = outcome(json, s, way, doc);
        if (!want.equals(got)) {
          fail(s + " and " + way + " differ from the array for " + Damage.show(doc) + "\n ARRAY: " + want + "\n " + s + ": " + got);
        }
      }
    }
    assertTrue(accepted > n / 10 && accepted < n * 9 / 10, accepted + " of " + n + " documents read");
  }

  enum Layout {
    COMPACT,
    PRETTY,
    ODD
  }

  private void space(StringBuilder sb, Layout layout, int depth) {
    if (layout == Layout.PRETTY) {
      sb.append('\n');
      for (int i = 0; i < depth; i++) {
        sb.append("  ");
      }
    } else if (layout == Layout.ODD) {
      String[] ws = {"", " ", "\t", "\r\n", "\n\n  ", "   "};
      sb.append(ws[r.nextInt(ws.length)]);
    }
  }

  /** A random value; {@code big} makes one array long enough to pass a stream buffer. */
  private void value(StringBuilder sb, int depth, Layout layout, boolean big) {
    int kind = depth == 0 ? r.nextInt(4) : r.nextInt(7);
    switch (kind) {
      case 0:
        string(sb);
        break;
      case 1:
        sb.append(NUMBERS[r.nextInt(NUMBERS.length)]);
        break;
      case 2:
        sb.append(new String[] {"true", "false", "null"}[r.nextInt(3)]);
        break;
      case 3:
        sb.append(r.nextLong(-1_000_000_000_000L, 1_000_000_000_000L));
        if (r.nextBoolean()) {
          sb.append('.').append(r.nextInt(1, 1_000_000));
        }
        break;
      case 4:
      case 5: {
        sb.append('{');
        int m = r.nextInt(6);
        for (int i = 0; i < m; i++) {
          sb.append(i > 0 ? "," : "");
          space(sb, layout, depth);
          sb.append('"').append(NAMES[r.nextInt(NAMES.length)]).append('"');
          sb.append(layout == Layout.PRETTY ? ": " : ":");
          value(sb, depth - 1, layout, false);
        }
        space(sb, layout, depth - 1);
        sb.append('}');
        break;
      }
      default: {
        sb.append('[');
        int m = big ? 2000 + r.nextInt(2000) : r.nextInt(6);
        for (int i = 0; i < m; i++) {
          sb.append(i > 0 ? "," : "");
          space(sb, layout, depth);
          value(sb, big ? 1 : depth - 1, layout, false);
        }
        space(sb, layout, depth - 1);
        sb.append(']');
      }
    }
  }

  private void string(StringBuilder sb) {
    sb.append('"');
    for (int i = r.nextInt(6); i > 0; i--) {
      sb.append(STRING_PARTS[r.nextInt(STRING_PARTS.length)]);
    }
    sb.append('"');
  }

  static boolean validUtf8(byte[] doc) {
    try {
      UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(doc));
      return true;
    } catch (java.nio.charset.CharacterCodingException e) {
      return false;
    }
  }

  private JsonReader reader(Json json, Source s, byte[] doc) {
    switch (s) {
      case ARRAY:
        return json.reader(doc);
      case SLICE: {
        int[] at = new int[1];
        return json.reader(Damage.inside(doc, r, at), at[0], doc.length);
      }
      case STRING:
        return json.reader(new String(doc, UTF_8));
      case STREAM:
        return json.reader(new java.io.ByteArrayInputStream(doc));
      case ONE_BYTE:
        return json.reader(Damage.oneByteAtATime(doc));
      case RESET: {
        int[] at = new int[1];
        byte[] around = Damage.inside(doc, r, at);
        return kept.computeIfAbsent(json, j -> j.reader("[\"kept\"]")).reset(around, at[0], doc.length);
      }
      default:
        return json.reader(Damage.randomChunks(doc, new SplittableRandom(r.nextLong())));
    }
  }

  /** One value read whole (Json.read), as JSON, or its error. */
  private static String whole(java.util.function.Supplier<JsonValue> read) {
    try {
      return Json.toString(read.get());
    } catch (JsonException e) {
      return "error: " + e.getMessage() + " @" + e.offset() + ":" + e.line() + ":" + e.column() + " " + e.path();
    }
  }

  /** What reading gave: a transcript of tokens and values, or the error; never another throwable. */
  private String outcome(Json json, Source s, Way way, byte[] doc) {
    StringBuilder out = new StringBuilder();
    try (JsonReader reader = reader(json, s, doc)) {
      switch (way) {
        case TOKENS:
          tokens(reader, out, false);
          break;
        case STRING_ELEMENTS:
          tokens(reader, out, true);
          break;
        case TREE:
          while (reader.next() != JsonToken.END_DOCUMENT) {
            out.append(Json.toString(reader.readValue())).append('\n');
          }
          break;
        default:
          do {
            reader.skipValue();
            out.append(reader.token()).append(' ').append(reader.path()).append('\n');
          } while (reader.token() != JsonToken.END_DOCUMENT);
      }
      return out.toString();
    } catch (JsonException e) {
      return "error after " + out.length() + " characters: " + e.getMessage() + " @" + e.offset() + ":" + e.line()
          + ":" + e.column() + " " + e.path();
    } catch (RuntimeException | Error e) {
      throw new AssertionError(s + " " + way + " threw " + e + " for " + Damage.show(doc), e);
    }
  }

  /**
   * The transcript of the token loop: each step by {@code next()}, or by {@code
   * nextStringElement()}, whose answer must be the string token's text, and null for any other.
   */
  private static void tokens(JsonReader reader, StringBuilder out, boolean stringElements) {
    while (true) {
      JsonToken t;
      String text = null;
      if (stringElements) {
        text = reader.nextStringElement();
        t = reader.token();
        if ((text != null) != (t == JsonToken.STRING) || (text != null && !text.equals(reader.getString()))) {
          throw new AssertionError("nextStringElement() gave " + text + " for the token " + t);
        }
      } else {
        t = reader.next();
      }
      if (t == JsonToken.END_DOCUMENT) {
        return;
      }
      out.append(t).append(' ').append(reader.path()).append(' ').append(reader.depth());
      switch (t) {
        case NAME:
          out.append(' ').append(reader.getName()).append(' ').append(reader.currentName());
          break;
        case STRING:
          out.append(' ').append(reader.getString()).append(' ').append(reader.rawLength());
          break;
        case NUMBER:
          out.append(' ').append(reader.getNumberText()).append(' ').append(reader.isIntegral())
              .append(' ').append(reader.getBigDecimal());
          if (reader.getNumberText().length() < 400) {
            out.append(' ').append(guard(reader::getDouble)).append(' ').append(guard(reader::getLong))
                .append(' ').append(guard(reader::getInt));
          }
          break;
        case TRUE:
        case FALSE:
          out.append(' ').append(reader.getBoolean());
          break;
        default:
      }
      out.append('\n');
    }
  }

  /** A getter's value, or the message of the JsonException it gives (such as overflow). */
  private static String guard(java.util.function.Supplier<Object> getter) {
    try {
      return String.valueOf(getter.get());
    } catch (JsonException e) {
      return "(" + e.getMessage() + ")";
    }
  }
}
