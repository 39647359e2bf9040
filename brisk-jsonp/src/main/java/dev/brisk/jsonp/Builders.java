package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The JSON-P builders. Not thread-safe (a builder belongs to one thread); the factory is. */
final class Builders {
  private Builders() {}

  /** A Java value (from a map or collection given to a builder) as a JSON value. */
  static JsonValue toValue(Object o) {
    if (o == null) {
      return JsonValue.NULL;
    }
    if (o instanceof JsonValue) {
      return (JsonValue) o;
    }
    if (o instanceof String) {
      return Values.string((String) o);
    }
    if (o instanceof Boolean) {
      return (Boolean) o ? JsonValue.TRUE : JsonValue.FALSE;
    }
    if (o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte) {
      return Values.number(((Number) o).longValue());
    }
    if (o instanceof Double || o instanceof Float) {
      return Values.number(((Number) o).doubleValue());
    }
    if (o instanceof BigDecimal) {
      return Values.number((BigDecimal) o);
    }
    if (o instanceof BigInteger) {
      return Values.number((BigInteger) o);
    }
    if (o instanceof Number) {
      return Values.number(new BigDecimal(o.toString()));
    }
    if (o instanceof JsonObjectBuilder) {
      return ((JsonObjectBuilder) o).build();
    }
    if (o instanceof JsonArrayBuilder) {
      return ((JsonArrayBuilder) o).build();
    }
    if (o instanceof Optional) {
      return ((Optional<?>) o).map(Builders::toValue).orElse(JsonValue.NULL);
    }
    if (o instanceof Map) {
      return new ObjectBuilder((Map<?, ?>) o).build();
    }
    if (o instanceof Collection) {
      return new ArrayBuilder((Collection<?>) o).build();
    }
    if (o instanceof Object[]) {
      return new ArrayBuilder(java.util.Arrays.asList((Object[]) o)).build();
    }
    throw new JsonException("cannot make a JSON value of a " + o.getClass().getName());
  }

  static final class ObjectBuilder implements JsonObjectBuilder {
    private Map<String, JsonValue> members = new LinkedHashMap<>();

    ObjectBuilder() {}

    ObjectBuilder(JsonObject from) {
      members.putAll(Objects.requireNonNull(from, "object"));
    }

    ObjectBuilder(Map<?, ?> from) {
      for (Map.Entry<?, ?> e : from.entrySet()) {
        members.put(String.valueOf(e.getKey()), toValue(e.getValue()));
      }
    }

    private JsonObjectBuilder put(String name, JsonValue v) {
      members.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(v, "value"));
      return this;
    }

    @Override
    public JsonObjectBuilder add(String name, JsonValue value) {
      return put(name, value);
    }

    @Override
    public JsonObjectBuilder add(String name, String value) {
      Objects.requireNonNull(name, "name");
      return put(name, Values.string(value));
    }

    @Override
    public JsonObjectBuilder add(String name, BigInteger value) {
      Objects.requireNonNull(name, "name");
      return put(name, Values.number(value));
    }

    @Override
    public JsonObjectBuilder add(String name, BigDecimal value) {
      Objects.requireNonNull(name, "name");
      return put(name, Values.number(value));
    }

    @Override
    public JsonObjectBuilder add(String name, int value) {
      Objects.requireNonNull(name, "name");
      return put(name, Values.number((long) value));
    }

    @Override
    public JsonObjectBuilder add(String name, long value) {
      Objects.requireNonNull(name, "name");
      return put(name, Values.number(value));
    }

    @Override
    public JsonObjectBuilder add(String name, double value) {
      Objects.requireNonNull(name, "name");
      return put(name, Values.number(value));
    }

    @Override
    public JsonObjectBuilder add(String name, boolean value) {
      return put(name, value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonObjectBuilder addNull(String name) {
      return put(name, JsonValue.NULL);
    }

    @Override
    public JsonObjectBuilder add(String name, JsonObjectBuilder builder) {
      Objects.requireNonNull(name, "name");
      return put(name, Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonObjectBuilder add(String name, JsonArrayBuilder builder) {
      Objects.requireNonNull(name, "name");
      return put(name, Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonObjectBuilder addAll(JsonObjectBuilder builder) {
      members.putAll(Objects.requireNonNull(builder, "builder").build());
      return this;
    }

    @Override
    public JsonObjectBuilder remove(String name) {
      members.remove(Objects.requireNonNull(name, "name"));
      return this;
    }

    @Override
    public JsonObject build() {
      JsonObject o = Values.object(members);
      members = new LinkedHashMap<>();
      return o;
    }
  }

  static final class ArrayBuilder implements JsonArrayBuilder {
    private List<JsonValue> items = new ArrayList<>();

    ArrayBuilder() {}

    ArrayBuilder(JsonArray from) {
      items.addAll(Objects.requireNonNull(from, "array"));
    }

    ArrayBuilder(Collection<?> from) {
      for (Object o : from) {
        items.add(toValue(o));
      }
    }

    private JsonArrayBuilder append(JsonValue v) {
      items.add(Objects.requireNonNull(v, "value"));
      return this;
    }

    private JsonArrayBuilder insert(int index, JsonValue v) {
      items.add(index, Objects.requireNonNull(v, "value"));
      return this;
    }

    private JsonArrayBuilder replace(int index, JsonValue v) {
      items.set(index, Objects.requireNonNull(v, "value"));
      return this;
    }

    @Override
    public JsonArrayBuilder add(JsonValue value) {
      return append(value);
    }

    @Override
    public JsonArrayBuilder add(String value) {
      return append(Values.string(value));
    }

    @Override
    public JsonArrayBuilder add(BigDecimal value) {
      return append(Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(BigInteger value) {
      return append(Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(int value) {
      return append(Values.number((long) value));
    }

    @Override
    public JsonArrayBuilder add(long value) {
      return append(Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(double value) {
      return append(Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(boolean value) {
      return append(value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonArrayBuilder addNull() {
      return append(JsonValue.NULL);
    }

    @Override
    public JsonArrayBuilder add(JsonObjectBuilder builder) {
      return append(Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonArrayBuilder add(JsonArrayBuilder builder) {
      return append(Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonArrayBuilder addAll(JsonArrayBuilder builder) {
      items.addAll(Objects.requireNonNull(builder, "builder").build());
      return this;
    }

    @Override
    public JsonArrayBuilder add(int index, JsonValue value) {
      return insert(index, value);
    }

    @Override
    public JsonArrayBuilder add(int index, String value) {
      return insert(index, Values.string(value));
    }

    @Override
    public JsonArrayBuilder add(int index, BigDecimal value) {
      return insert(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(int index, BigInteger value) {
      return insert(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(int index, int value) {
      return insert(index, Values.number((long) value));
    }

    @Override
    public JsonArrayBuilder add(int index, long value) {
      return insert(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(int index, double value) {
      return insert(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder add(int index, boolean value) {
      return insert(index, value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonArrayBuilder addNull(int index) {
      return insert(index, JsonValue.NULL);
    }

    @Override
    public JsonArrayBuilder add(int index, JsonObjectBuilder builder) {
      return insert(index, Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonArrayBuilder add(int index, JsonArrayBuilder builder) {
      return insert(index, Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonArrayBuilder set(int index, JsonValue value) {
      return replace(index, value);
    }

    @Override
    public JsonArrayBuilder set(int index, String value) {
      return replace(index, Values.string(value));
    }

    @Override
    public JsonArrayBuilder set(int index, BigDecimal value) {
      return replace(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder set(int index, BigInteger value) {
      return replace(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder set(int index, int value) {
      return replace(index, Values.number((long) value));
    }

    @Override
    public JsonArrayBuilder set(int index, long value) {
      return replace(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder set(int index, double value) {
      return replace(index, Values.number(value));
    }

    @Override
    public JsonArrayBuilder set(int index, boolean value) {
      return replace(index, value ? JsonValue.TRUE : JsonValue.FALSE);
    }

    @Override
    public JsonArrayBuilder setNull(int index) {
      return replace(index, JsonValue.NULL);
    }

    @Override
    public JsonArrayBuilder set(int index, JsonObjectBuilder builder) {
      return replace(index, Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonArrayBuilder set(int index, JsonArrayBuilder builder) {
      return replace(index, Objects.requireNonNull(builder, "builder").build());
    }

    @Override
    public JsonArrayBuilder remove(int index) {
      items.remove(index);
      return this;
    }

    @Override
    public JsonArray build() {
      JsonArray a = Values.array(items);
      items = new ArrayList<>();
      return a;
    }
  }

  static final class Factory implements JsonBuilderFactory {
    /** No builder option is supported, so the config map is not kept (getConfigInUse is empty). */
    Factory() {}

    @Override
    public JsonObjectBuilder createObjectBuilder() {
      return new ObjectBuilder();
    }

    @Override
    public JsonObjectBuilder createObjectBuilder(JsonObject object) {
      return new ObjectBuilder(object);
    }

    @Override
    public JsonObjectBuilder createObjectBuilder(Map<String, Object> object) {
      return new ObjectBuilder(Objects.requireNonNull(object, "object"));
    }

    @Override
    public JsonArrayBuilder createArrayBuilder() {
      return new ArrayBuilder();
    }

    @Override
    public JsonArrayBuilder createArrayBuilder(JsonArray array) {
      return new ArrayBuilder(array);
    }

    @Override
    public JsonArrayBuilder createArrayBuilder(Collection<?> collection) {
      return new ArrayBuilder(Objects.requireNonNull(collection, "collection"));
    }

    @Override
    public Map<String, ?> getConfigInUse() {
      return Collections.emptyMap(); // no builder option is supported; the spec says: only those in use
    }
  }
}
