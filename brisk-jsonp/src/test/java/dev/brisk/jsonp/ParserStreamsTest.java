package dev.brisk.jsonp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import jakarta.json.stream.JsonParsingException;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The parser's getArrayStream, getObjectStream and getValueStream: elements, where the parser stands after, single use. */
class ParserStreamsTest {
  private static JsonParser parser(String json) {
    return BriskJsonProvider.instance().createParser(new StringReader(json));
  }

  private static Stream<JsonValue> arrayStream(JsonParser p) {
    assertEquals(Event.START_ARRAY, p.next());
    return p.getArrayStream();
  }

  private static List<String> texts(Iterable<JsonValue> values) {
    List<String> out = new ArrayList<>();
    values.forEach(v -> out.add(v.toString()));
    return out;
  }

  @Test
  void theIteratorReadsEachElementOnceAndStopsAtTheArraysEnd() {
    try (JsonParser p = parser("[[\"a\",1],{\"b\":[true]},\"c\",null]")) {
      Iterator<JsonValue> it = arrayStream(p).iterator();
      assertTrue(it.hasNext());
      assertTrue(it.hasNext()); // asking twice reads nothing more
      assertEquals("[\"a\",1]", it.next().toString());
      assertEquals("{\"b\":[true]}", it.next().toString());
      assertEquals("c", ((JsonString) it.next()).getString());
      assertEquals(JsonValue.NULL, it.next());
      assertFalse(it.hasNext());
      assertThrows(NoSuchElementException.class, it::next);
      assertFalse(p.hasNext()); // the parser stands after the array
    }
  }

  @Test
  void theStreamOfANestedArrayEndsWithItAndTheParserGoesOn() {
    try (JsonParser p = parser("{\"xs\":[1,2,3],\"after\":4}")) {
      p.next();
      p.next();
      assertEquals(Event.START_ARRAY, p.next());
      List<String> seen = new ArrayList<>();
      p.getArrayStream().forEach(v -> seen.add(v.toString()));
      assertEquals(List.of("1", "2", "3"), seen);
      assertEquals(Event.KEY_NAME, p.next());
      assertEquals("after", p.getString());
      assertEquals(Event.VALUE_NUMBER, p.next());
      assertEquals(4, p.getInt());
    }
  }

  @Test
  void pipelineOperationsSeeTheSameElements() {
    try (JsonParser p = parser("[1,2,3,4,5]")) {
      assertEquals(
          List.of(2, 4),
          arrayStream(p).map(v -> ((JsonNumber) v).intValue()).filter(i -> i % 2 == 0).collect(Collectors.toList()));
    }
    try (JsonParser p = parser("[1,2,3,4,5]")) {
      assertEquals(5, arrayStream(p).count());
    }
    try (JsonParser p = parser("[1,2,3,4,5]")) {
      assertEquals("3", arrayStream(p).skip(2).findFirst().orElseThrow().toString());
    }
    try (JsonParser p = parser("[1,2,3,4,5]")) {
      assertEquals(List.of("1", "2"), texts(arrayStream(p).takeWhile(v -> ((JsonNumber) v).intValue() < 3).toList()));
    }
    try (JsonParser p = parser("[]")) {
      assertEquals(List.of(), arrayStream(p).toList());
      assertFalse(p.hasNext());
    }
  }

  @Test
  void aStreamIsUsedOnceAsTheJdksAre() {
    try (JsonParser p = parser("[1,2]")) {
      Stream<JsonValue> s = arrayStream(p);
      s.iterator();
      assertThrows(IllegalStateException.class, s::count);
      assertThrows(IllegalStateException.class, s::iterator);
      assertThrows(IllegalStateException.class, () -> s.forEach(v -> {}));
      assertThrows(IllegalStateException.class, s::spliterator);
    }
    try (JsonParser p = parser("[1,2]")) {
      Stream<JsonValue> s = arrayStream(p);
      s.forEach(v -> {});
      assertThrows(IllegalStateException.class, s::iterator);
    }
    try (JsonParser p = parser("[1,2]")) {
      Stream<JsonValue> s = arrayStream(p);
      s.close();
      assertThrows(IllegalStateException.class, s::iterator);
      assertThrows(IllegalStateException.class, s::toList);
    }
    try (JsonParser p = parser("[1,2]")) {
      Stream<JsonValue> s = arrayStream(p);
      s.map(v -> v); // the pipeline has it now
      assertThrows(IllegalStateException.class, s::toList);
    }
  }

  @Test
  void closeHandlersRunAndTheSpliteratorIsOrdered() {
    AtomicInteger closed = new AtomicInteger();
    try (JsonParser p = parser("[1,2]")) {
      Stream<JsonValue> s = arrayStream(p).onClose(closed::incrementAndGet);
      assertEquals(2, s.count());
      s.close();
      assertEquals(1, closed.get());
    }
    try (JsonParser p = parser("[1,2]")) {
      Spliterator<JsonValue> sp = arrayStream(p).spliterator();
      assertTrue(sp.hasCharacteristics(Spliterator.ORDERED));
      List<String> seen = new ArrayList<>();
      sp.forEachRemaining(v -> seen.add(v.toString()));
      assertEquals(List.of("1", "2"), seen);
      assertFalse(sp.tryAdvance(v -> {}));
    }
    try (JsonParser p = parser("[1]")) {
      assertFalse(arrayStream(p).isParallel());
    }
  }

  /**
   * The array stream as a JDK stream: a close handler registered on the stream (its return value
   * ignored) runs when the stream itself is closed, a parallel stream sees every element once and
   * in order where order is asked for, its spliterator is NONNULL (a JSON null is
   * JsonValue.NULL), and an iterator given up halfway leaves the parser after the last element it
   * took.
   */
  @Test
  void theArrayStreamBehavesAsAJdkStream() {
    AtomicInteger closed = new AtomicInteger();
    try (JsonParser p = parser("[1,2,3]")) {
      Stream<JsonValue> s = arrayStream(p);
      s.onClose(closed::incrementAndGet);
      assertEquals(3, s.count());
      s.close();
      assertEquals(1, closed.get());
    }
    try (JsonParser p = parser("[1,2,3,4,5,6,7,8,9,10]")) {
      Stream<JsonValue> s = arrayStream(p).parallel();
      assertTrue(s.isParallel());
      assertEquals(List.of("1", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
          s.map(JsonValue::toString).collect(Collectors.toList()));
    }
    try (JsonParser p = parser("[1,2,3]")) {
      Iterator<JsonValue> it = arrayStream(p).iterator();
      assertThrows(UnsupportedOperationException.class, it::remove);
      assertEquals("1", it.next().toString()); // next() without hasNext()
      assertEquals(Event.VALUE_NUMBER, p.currentEvent());
      assertEquals(1, p.getInt()); // the parser stands on the element just taken
      assertEquals(Event.VALUE_NUMBER, p.next());
      assertEquals(2, p.getInt());
      assertEquals(Event.VALUE_NUMBER, p.next());
      assertEquals(Event.END_ARRAY, p.next());
    }
    try (JsonParser p = parser("[[1],{\"a\":null},true]")) {
      List<String> seen = new ArrayList<>();
      arrayStream(p).forEachOrdered(v -> seen.add(v.toString()));
      assertEquals(List.of("[1]", "{\"a\":null}", "true"), seen);
      assertFalse(p.hasNext());
    }
    try (JsonParser p = parser("[1,2]")) {
      Stream<JsonValue> s = arrayStream(p);
      assertThrows(NullPointerException.class, () -> s.forEach(null));
    }
    try (JsonParser p = parser("[null,false]")) {
      Spliterator<JsonValue> sp = arrayStream(p).spliterator();
      assertTrue(sp.hasCharacteristics(Spliterator.NONNULL)); // JSON null is JsonValue.NULL
      assertTrue(sp.tryAdvance(v -> assertEquals(JsonValue.NULL, v)));
      assertTrue(sp.tryAdvance(v -> assertEquals(JsonValue.FALSE, v)));
      assertFalse(sp.tryAdvance(v -> {}));
      assertEquals(null, sp.trySplit());
    }
    try (JsonParser p = parser("{\"k\":[\"x\"]}")) {
      p.next();
      p.next();
      p.next();
      Stream<JsonValue> s = p.getArrayStream();
      Object[] all = s.toArray();
      assertEquals(1, all.length);
      assertThrows(IllegalStateException.class, s::iterator);
      assertEquals(Event.END_OBJECT, p.next());
    }
  }

  @Test
  void objectAndValueStreams() {
    try (JsonParser p = parser("{\"a\":1,\"b\":[2],\"c\":{}}")) {
      p.next();
      List<Map.Entry<String, JsonValue>> entries = new ArrayList<>();
      p.getObjectStream().iterator().forEachRemaining(entries::add);
      assertEquals(3, entries.size());
      assertEquals("b", entries.get(1).getKey());
      assertEquals("[2]", entries.get(1).getValue().toString());
      assertEquals("{}", entries.get(2).getValue().toString());
      assertFalse(p.hasNext());
    }
    try (JsonParser p = Json.createParser(new StringReader("{\"a\":1}"))) {
      p.next();
      assertEquals(List.of("a"), p.getObjectStream().map(Map.Entry::getKey).collect(Collectors.toList()));
    }
    try (JsonParser p = parser("[1,{\"x\":true}]")) {
      assertEquals(List.of("[1,{\"x\":true}]"), texts(p.getValueStream().collect(Collectors.toList())));
    }
    try (JsonParser p = parser("\"top\"")) {
      Iterator<JsonValue> it = p.getValueStream().iterator();
      assertEquals("top", ((JsonString) it.next()).getString());
      assertFalse(it.hasNext());
    }
  }

  private static JsonParser bytesParser(String json) {
    return BriskJsonProvider.instance().createParser(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void stringElementsComeWholeAndTheParserStandsOnEachOfThem() {
    // String elements take a shorter way than other elements; mixed, escaped and non-ASCII here,
    // over bytes and over characters.
    String json = "[\"a\",\"\\u00e9t\u00e9\",\"x\\\"y\",\"\u6771\",[\"n\"],7,\"\",\"z\"]";
    for (JsonParser p : new JsonParser[] {bytesParser(json), parser(json)}) {
      try (p) {
        assertEquals(Event.START_ARRAY, p.next());
        List<String> seen = new ArrayList<>();
        p.getArrayStream().forEach(v -> {
          seen.add(v.toString());
          if (v instanceof JsonString) {
            assertEquals(Event.VALUE_STRING, p.currentEvent());
            assertEquals(((JsonString) v).getString(), p.getString());
          }
        });
        assertEquals(List.of("\"a\"", "\"\u00e9t\u00e9\"", "\"x\\\"y\"", "\"\u6771\"", "[\"n\"]", "7", "\"\"", "\"z\""), seen);
        assertEquals(Event.END_ARRAY, p.currentEvent());
        assertFalse(p.hasNext());
      }
    }
  }

  @Test
  void aBrokenStringElementIsAParsingErrorThatSaysWhere() {
    try (JsonParser p = bytesParser("[\"a\",\n\"b\u0001\"]")) {
      assertEquals(Event.START_ARRAY, p.next());
      Stream<JsonValue> s = p.getArrayStream();
      JsonParsingException e = assertThrows(JsonParsingException.class, () -> s.forEach(v -> {}));
      assertEquals(2, e.getLocation().getLineNumber(), e.getMessage());
    }
  }
}
