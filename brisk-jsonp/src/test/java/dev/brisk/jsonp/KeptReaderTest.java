package dev.brisk.jsonp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A parser of a {@code ByteArrayInputStream} reads with the core reader that the last parser closed
 * on the thread left, when that one had the same settings; a closed parser no longer reads, so the
 * reader it left cannot be read by two.
 */
class KeptReaderTest {
  private final JsonProvider provider = BriskJsonProvider.instance();

  private JsonParser parser(JsonProvider p, String json) {
    return p.createParser(new ByteArrayInputStream(json.getBytes(UTF_8)));
  }

  private static List<String> strings(JsonParser p) {
    p.next();
    return p.getArrayStream().map(v -> ((JsonString) v).getString()).collect(Collectors.toList());
  }

  @Test
  void theNextParserReadsWithTheReaderTheClosedOneLeft() throws Exception {
    JsonParser first = parser(provider, "[\"a\",\"b\"]");
    Object reader = coreReader(first);
    assertEquals(List.of("a", "b"), strings(first));
    first.close();
    JsonParser second = parser(provider, "[\"c\"]");
    assertSame(reader, coreReader(second));
    assertEquals(List.of("c"), strings(second));
    // one still open: the next parser gets a reader of its own
    JsonParser third = parser(provider, "[\"d\"]");
    assertNotSame(reader, coreReader(third));
    assertEquals(List.of("d"), strings(third));
    second.close();
    third.close();
  }

  @Test
  void aClosedParserNoLongerReadsWhileTheNextReadsItsReader() {
    JsonParser closed = parser(provider, "[\"a\",\"b\",\"c\"]");
    closed.next();
    closed.next();
    assertEquals("a", closed.getString());
    closed.close();
    JsonParser next = parser(provider, "[\"x\",\"y\"]");
    assertEquals(JsonParser.Event.START_ARRAY, next.next());
    IllegalStateException e = assertThrows(IllegalStateException.class, closed::next);
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
    assertThrows(IllegalStateException.class, closed::getString);
    JsonLocation at = closed.getLocation();
    assertEquals(-1, at.getStreamOffset());
    closed.close(); // again: nothing happens, and nothing is given twice
    JsonParser other = parser(provider, "[\"z\"]");
    assertEquals(List.of("z"), strings(other));
    assertEquals(JsonParser.Event.VALUE_STRING, next.next());
    assertEquals("x", next.getString());
    assertEquals(JsonParser.Event.VALUE_STRING, next.next());
    assertEquals("y", next.getString());
    next.close();
    other.close();
  }

  @Test
  void aReaderIsKeptOnlyForParsersWithTheSameSettings() {
    parser(provider, "[\"kept by the default settings\"]").close();
    JsonProvider strict = provider;
    JsonParser shortStrings = strict.createParserFactory(Map.of(BriskJsonProvider.MAX_STRING_LENGTH, 3))
        .createParser(new ByteArrayInputStream("[\"abcd\"]".getBytes(UTF_8)));
    shortStrings.next();
    assertThrows(JsonParsingException.class, shortStrings::next);
    shortStrings.close();
    // and the default settings' next parser does not take the short-strings reader
    JsonParser plain = parser(provider, "[\"abcd\"]");
    assertEquals(List.of("abcd"), strings(plain));
    plain.close();
  }

  private static Object coreReader(JsonParser p) throws ReflectiveOperationException {
    Field in = Parser.class.getDeclaredField("in");
    in.setAccessible(true);
    return in.get(p);
  }
}
