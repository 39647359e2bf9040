package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;

/** JSON-P's {@link JsonReader} and {@link JsonWriter}: one value each, over a parser or a generator. */
final class ReadersWriters {
  private ReadersWriters() {}

  static final class Reader implements JsonReader {
    private final JsonParser parser;
    private boolean used;

    Reader(JsonParser parser) {
      this.parser = parser;
    }

    private void once() {
      if (used) {
        throw new IllegalStateException("a JsonReader reads one value; this one was read, or closed");
      }
      used = true;
    }

    @Override
    public JsonStructure read() {
      JsonValue v = readValue();
      if (!(v instanceof JsonStructure)) {
        throw new JsonException("expected an object or an array, found " + v.getValueType());
      }
      return (JsonStructure) v;
    }

    @Override
    public JsonObject readObject() {
      JsonValue v = readValue();
      if (!(v instanceof JsonObject)) {
        throw new JsonParsingException("expected an object, found " + v.getValueType(), parser.getLocation());
      }
      return (JsonObject) v;
    }

    @Override
    public JsonArray readArray() {
      JsonValue v = readValue();
      if (!(v instanceof JsonArray)) {
        throw new JsonParsingException("expected an array, found " + v.getValueType(), parser.getLocation());
      }
      return (JsonArray) v;
    }

    @Override
    public JsonValue readValue() {
      once();
      if (!parser.hasNext()) {
        throw new JsonException("no JSON value in the input");
      }
      parser.next();
      JsonValue v = parser.getValue();
      if (parser.hasNext()) {
        throw new JsonParsingException("data after the JSON value", parser.getLocation());
      }
      return v;
    }

    @Override
    public void close() {
      used = true;
      parser.close();
    }
  }

  static final class Writer implements JsonWriter {
    private final JsonGenerator generator;
    private boolean used;

    Writer(JsonGenerator generator) {
      this.generator = generator;
    }

    @Override
    public void writeArray(JsonArray array) {
      write((JsonValue) array);
    }

    @Override
    public void writeObject(JsonObject object) {
      write((JsonValue) object);
    }

    @Override
    public void write(JsonStructure value) {
      write((JsonValue) value);
    }

    @Override
    public void write(JsonValue value) {
      if (used) {
        throw new IllegalStateException("a JsonWriter writes one value; this one has, or is closed");
      }
      used = true;
      generator.write(value);
      generator.flush();
    }

    @Override
    public void close() {
      used = true;
      generator.close();
    }
  }
}
