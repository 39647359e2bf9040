package dev.brisk.jsonp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brisk.testkit.Damage;
import jakarta.json.JsonException;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The JSON-P parser gives the same events, values and errors for the same bytes whatever they
 * come from: a {@code ByteArrayInputStream} (read as one array, its encoding detected only when
 * its first bytes are not plain UTF-8), any other stream (one byte per read, or random chunks),
 * and, for ASCII documents that the detection takes for UTF-8, a {@code Reader}. Seeded random documents, most damaged by a few
 * bytes, read event by event with the getters, or as values from the top. Nothing but a {@link
 * JsonException} may come out; a parsing error's message and location must agree.
 *
 * <p>{@code -Dbrisk.fuzz.documents=N -Dbrisk.fuzz.seed=S} runs more, or other, documents.
 */
class SourcesAgreeTest {
  static final String[] PARTS = {
    "{", "}", "[", "]", ",", ":", "\"id\"", "\"name\"", "\"caf\u00e9\"", "\"\\u0041\\n\"", "\"\ud83d\ude00\"", "0", "-1",
    "42", "3.25", "1e400", "-0.0", "12345678901234567890123", "true", "false", "null", " ", "\n", "\"plain text\""
  };

  private final SplittableRandom r = new SplittableRandom(Long.getLong("brisk.fuzz.seed", 20261124L));
  private final JsonProvider provider = BriskJsonProvider.instance();

  enum Source {
    BYTE_ARRAY_STREAM,
    ONE_BYTE,
    CHUNKS,
    READER
  }

  @Test
  void everySourceParsesADocumentTheSameWay() {
    int n = Integer.getInteger("brisk.fuzz.documents", 4000);
    int complete = 0;
    for (int i = 0; i < n; i++) {
      byte[] doc = document().getBytes(UTF_8);
      if (r.nextInt(3) != 0) {
        doc = Damage.damaged(doc, r);
      }
      boolean values = r.nextBoolean();
      String want = outcome(Source.BYTE_ARRAY_STREAM, doc, values);
      if (!want.contains("error")) {
        complete++;
      }
      for (Source s : Source.values()) {
        if (s == Source.BYTE_ARRAY_STREAM || (s == Source.READER && !ascii(doc))) {
          continue;
        }
        String got = outcome(s, doc, values);
        if (!want.equals(got)) {
          fail(s + " differs for " + Damage.show(doc) + "\n BYTE_ARRAY_STREAM: " + want + "\n " + s + ": " + got);
        }
      }
    }
    assertTrue(complete > n / 10 && complete < n * 9 / 10, complete + " of " + n + " documents parsed");
  }

  /** A well-formed value half the time; otherwise JSON-like tokens in a random order. */
  private String document() {
    StringBuilder sb = new StringBuilder();
    if (r.nextBoolean()) {
      value(sb, 4);
      return sb.toString();
    }
    for (int k = r.nextInt(1, 12); k > 0; k--) {
      sb.append(PARTS[r.nextInt(PARTS.length)]);
    }
    return sb.toString();
  }

  private void value(StringBuilder sb, int depth) {
    int kind = depth == 0 ? r.nextInt(3) : r.nextInt(5);
    if (kind == 3) {
      sb.append('{');
      for (int i = r.nextInt(5); i > 0; i--) {
        sb.append(PARTS[6 + r.nextInt(5)]).append(r.nextBoolean() ? ":" : " : ");
        value(sb, depth - 1);
        sb.append(i > 1 ? "," : "");
      }
      sb.append('}');
    } else if (kind == 4) {
      sb.append('[');
      for (int i = r.nextInt(5); i > 0; i--) {
        value(sb, depth - 1);
        sb.append(i > 1 ? (r.nextBoolean() ? "," : ",\n ") : "");
      }
      sb.append(']');
    } else {
      String scalar = PARTS[6 + r.nextInt(PARTS.length - 6)];
      sb.append(scalar.trim().isEmpty() ? "7" : scalar);
    }
  }

  /**
   * ASCII, and no zero byte among the first four: a byte stream like that is UTF-8 to the
   * encoding detection (zeros there mean UTF-16 or 32), so a Reader of the same characters must
   * agree with it.
   */
  static boolean ascii(byte[] doc) {
    for (int i = 0; i < doc.length; i++) {
      if (doc[i] < 0 || (doc[i] == 0 && i < 4)) {
        return false;
      }
    }
    return true;
  }

  private JsonParser parser(Source s, byte[] doc) {
    switch (s) {
      case BYTE_ARRAY_STREAM:
        return provider.createParser(new ByteArrayInputStream(doc));
      case ONE_BYTE:
        return provider.createParser(Damage.oneByteAtATime(doc));
      case CHUNKS:
        return provider.createParser(Damage.randomChunks(doc, new SplittableRandom(r.nextLong())));
      default:
        return provider.createParser(new StringReader(new String(doc, UTF_8)));
    }
  }

  /** The events and values, then the error, if any; never a throwable other than JsonException. */
  private String outcome(Source s, byte[] doc, boolean values) {
    StringBuilder out = new StringBuilder();
    try (JsonParser p = parser(s, doc)) {
      while (p.hasNext()) {
        JsonParser.Event e = p.next();
        out.append(e);
        switch (e) {
          case KEY_NAME:
          case VALUE_STRING:
            out.append(' ').append(p.getString());
            break;
          case VALUE_NUMBER:
            out.append(' ').append(p.getString()).append(' ').append(p.isIntegralNumber()).append(' ')
                .append(p.getBigDecimal());
            break;
          case START_ARRAY:
          case START_OBJECT:
            if (values) {
              out.append(' ').append(p.getValue());
            }
            break;
          default:
        }
        out.append('\n');
      }
    } catch (JsonParsingException e) {
      JsonLocation l = e.getLocation();
      out.append("parse error: ").append(e.getMessage()).append(" @").append(l.getStreamOffset()).append(':')
          .append(l.getLineNumber()).append(':').append(l.getColumnNumber());
    } catch (JsonException e) {
      out.append("error: ").append(e.getMessage());
    } catch (RuntimeException | Error e) {
      throw new AssertionError(s + " threw " + e + " for " + Damage.show(doc), e);
    }
    return out.toString();
  }
}
