package dev.brisk.jsonp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A parser of a {@code ByteArrayInputStream} reads the stream's own array where the JDK lends it
 * (JDK 17 to 21), and whatever it returns is a copy: the caller may reuse the array once it has
 * the values. Where the JDK does not lend it, or the stream is a subclass, the bytes are copied
 * first, as before. Both ways give the same events and values.
 */
class LentBytesTest {
  private final JsonProvider provider = BriskJsonProvider.instance();

  @Test
  void takesTheUnreadBytesOfTheStreamAndLeavesItAtItsEnd() {
    byte[] all = "xx[1,2]yy".getBytes(UTF_8);
    ByteArrayInputStream in = new ByteArrayInputStream(all, 1, 7); // "x[1,2]y"
    in.read(); // the first byte read already
    LentBytes lent = LentBytes.of(in);
    assertEquals("[1,2]y", new String(lent.bytes, lent.off, lent.len, UTF_8));
    if (LentBytes.AVAILABLE) {
      assertSame(all, lent.bytes);
      assertEquals(2, lent.off);
    } else {
      assertNotSame(all, lent.bytes);
    }
    assertEquals(0, in.available());
    assertEquals(-1, in.read());
  }

  @Test
  void anEmptyStreamLendsNoBytes() {
    ByteArrayInputStream in = new ByteArrayInputStream(new byte[4], 4, 0);
    LentBytes lent = LentBytes.of(in);
    assertEquals(0, lent.len);
  }

  @Test
  void whatTheParserReturnsDoesNotChangeWhenTheCallerReusesTheArray() {
    byte[] bytes = "{\"name\":\"Ada\",\"tags\":[\"x\",\"y\"],\"n\":12.5,\"inner\":{\"k\":\"v\"}}".getBytes(UTF_8);
    byte[] original = bytes.clone();
    List<Object> got = new ArrayList<>();
    try (JsonParser p = provider.createParser(new ByteArrayInputStream(bytes))) {
      p.next(); // {
      p.next(); // name
      got.add(p.getString());
      p.next();
      got.add(p.getString());
      got.add(p.getValue());
      p.next(); // tags
      p.next();
      got.add(p.getArray());
      p.next(); // n
      p.next();
      got.add(p.getBigDecimal());
      got.add(p.getValue());
      p.next(); // inner
      p.next();
      got.add(p.getObject());
      assertEquals(Event.END_OBJECT, p.next());
    }
    Arrays.fill(bytes, (byte) 'z'); // the caller reuses its buffer
    assertEquals("name", got.get(0));
    assertEquals("Ada", got.get(1));
    assertEquals("Ada", ((JsonString) got.get(2)).getString());
    assertEquals("x", ((JsonArray) got.get(3)).getString(0));
    assertEquals("y", ((JsonArray) got.get(3)).getString(1));
    assertEquals(new java.math.BigDecimal("12.5"), got.get(4));
    assertEquals("12.5", got.get(5).toString());
    assertEquals("v", ((JsonObject) got.get(6)).getString("k"));
    assertEquals("{\"k\":\"v\"}", got.get(6).toString());
    // and the same values again from the bytes as they were
    try (JsonParser p = provider.createParser(new ByteArrayInputStream(original))) {
      p.next();
      assertEquals(provider.createObjectBuilder()
          .add("name", "Ada")
          .add("tags", provider.createArrayBuilder().add("x").add("y"))
          .add("n", new java.math.BigDecimal("12.5"))
          .add("inner", provider.createObjectBuilder().add("k", "v"))
          .build(), p.getObject());
    }
  }

  @Test
  void aStreamAlreadyPartlyReadIsParsedFromWhereItStands() {
    byte[] bytes = "garbage [\"a\",\"b\"]".getBytes(UTF_8);
    ByteArrayInputStream in = new ByteArrayInputStream(bytes);
    in.skip(8);
    try (JsonParser p = provider.createParser(in)) {
      p.next();
      assertEquals(List.of("a", "b"), strings(p.getArray()));
    }
  }

  @Test
  void aSubclassOfTheStreamIsCopiedAndReadTheSame() {
    byte[] bytes = "[\"a\",\"b\"]".getBytes(UTF_8);
    ByteArrayInputStream sub = new ByteArrayInputStream(bytes) {};
    try (JsonParser p = provider.createParser(sub)) {
      p.next();
      assertEquals(List.of("a", "b"), strings(p.getArray()));
    }
    assertEquals(0, sub.available());
  }

  @Test
  void otherEncodingsAndAByteOrderMarkAreStillDetected() {
    String text = "[\"caf\u00e9\",1]";
    for (String cs : new String[] {"UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE"}) {
      byte[] bytes = text.getBytes(Charset.forName(cs));
      try (JsonParser p = provider.createParser(new ByteArrayInputStream(bytes))) {
        p.next();
        JsonArray a = p.getArray();
        assertEquals("caf\u00e9", a.getString(0), cs);
        assertEquals(1, a.getInt(1), cs);
      }
    }
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '[', '1', ']'};
    try (JsonParser p = provider.createParser(new ByteArrayInputStream(bom))) {
      p.next();
      assertEquals(1, p.getArray().getInt(0));
    }
    byte[] shortText = {'7'}; // shorter than the four bytes the detection looks at
    try (JsonParser p = provider.createParser(new ByteArrayInputStream(shortText))) {
      assertEquals(Event.VALUE_NUMBER, p.next());
      assertEquals(7, p.getInt());
    }
  }

  @Test
  void aReaderOfTheStreamReadsTheSameTree() {
    byte[] bytes = "{\"a\":[1,\"two\",null]}".getBytes(UTF_8);
    try (jakarta.json.JsonReader r = provider.createReader(new ByteArrayInputStream(bytes))) {
      JsonObject o = r.readObject();
      Arrays.fill(bytes, (byte) ' ');
      assertEquals("{\"a\":[1,\"two\",null]}", o.toString());
    }
  }

  private static List<String> strings(JsonArray a) {
    List<String> out = new ArrayList<>();
    for (JsonValue v : a) {
      out.add(((JsonString) v).getString());
    }
    return out;
  }
}
