package dev.brisk.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.mixpanel.mixpanelapi.internal.JsonSerializer;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Iterator;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The walker mixpanel-java adopted (../shared/seeds/004), as it shipped: the {@code
 * JacksonSerializer} of its Jackson extension ({@code com.mixpanel.mixpanelapi.internal}, since
 * 1.6.0), whose artifact Maven Central does not serve here, written again from its published source
 * to do the same work. A message's members come from {@code keys()} and {@code opt(key)}; a scalar
 * goes out with its name in one {@code write...Field} call; numbers other than Integer, Long,
 * Double and Float through {@code doubleValue()}; anything else as its {@code toString()}. The batch
 * is written through a {@code StringWriter} to the String that mixpanel-java 1.6.1's {@code
 * JsonSerializer} returns and its {@code MixpanelAPI} sends. The like of Brisk's {@code
 * BriskMixpanelSerializer}; {@link JacksonOrgJsonWalker} is the stronger Jackson peer, to bytes.
 */
final class MixpanelJacksonSerializer implements JsonSerializer {
  private final JsonFactory factory = new JsonFactory();

  @Override
  public String serializeArray(List<JSONObject> messages) throws IOException {
    if (messages == null || messages.isEmpty()) {
      return "[]";
    }
    StringWriter out = new StringWriter();
    try (JsonGenerator g = factory.createGenerator(out)) {
      g.writeStartArray();
      for (JSONObject m : messages) {
        object(m, g);
      }
      g.writeEndArray();
    }
    return out.toString();
  }

  private static void object(JSONObject o, JsonGenerator g) throws IOException {
    g.writeStartObject();
    for (Iterator<String> keys = o.keys(); keys.hasNext(); ) {
      String name = keys.next();
      Object v = o.opt(name);
      if (v == null || v == JSONObject.NULL) {
        g.writeNullField(name);
      } else if (v instanceof String) {
        g.writeStringField(name, (String) v);
      } else if (v instanceof Integer) {
        g.writeNumberField(name, (Integer) v);
      } else if (v instanceof Long) {
        g.writeNumberField(name, (Long) v);
      } else if (v instanceof Double) {
        g.writeNumberField(name, (Double) v);
      } else if (v instanceof Float) {
        g.writeNumberField(name, (Float) v);
      } else if (v instanceof Number) {
        g.writeNumberField(name, ((Number) v).doubleValue());
      } else if (v instanceof Boolean) {
        g.writeBooleanField(name, (Boolean) v);
      } else if (v instanceof JSONObject) {
        g.writeFieldName(name);
        object((JSONObject) v, g);
      } else if (v instanceof JSONArray) {
        g.writeFieldName(name);
        array((JSONArray) v, g);
      } else {
        g.writeStringField(name, v.toString());
      }
    }
    g.writeEndObject();
  }

  private static void array(JSONArray a, JsonGenerator g) throws IOException {
    g.writeStartArray();
    for (int i = 0; i < a.length(); i++) {
      Object v = a.opt(i);
      if (v == null || v == JSONObject.NULL) {
        g.writeNull();
      } else if (v instanceof String) {
        g.writeString((String) v);
      } else if (v instanceof Integer) {
        g.writeNumber((Integer) v);
      } else if (v instanceof Long) {
        g.writeNumber((Long) v);
      } else if (v instanceof Double) {
        g.writeNumber((Double) v);
      } else if (v instanceof Float) {
        g.writeNumber((Float) v);
      } else if (v instanceof Number) {
        g.writeNumber(((Number) v).doubleValue());
      } else if (v instanceof Boolean) {
        g.writeBoolean((Boolean) v);
      } else if (v instanceof JSONObject) {
        object((JSONObject) v, g);
      } else if (v instanceof JSONArray) {
        array((JSONArray) v, g);
      } else {
        g.writeString(v.toString());
      }
    }
    g.writeEndArray();
  }
}
