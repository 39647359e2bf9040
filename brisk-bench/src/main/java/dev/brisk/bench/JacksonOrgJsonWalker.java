package dev.brisk.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The Jackson peer of the org.json benchmark: org.json trees streamed through Jackson's {@code
 * JsonGenerator} by a recursive walk, the approach mixpanel-java adopted for large batches
 * (../shared/seeds/004; its extension artifact is not on Maven Central, so the walk is written
 * here the way that change describes it). Written as a fair peer: numbers keep their type, and
 * big numbers are written exactly.
 */
final class JacksonOrgJsonWalker {
  private final JsonFactory factory = new JsonFactory();

  byte[] toBytes(JSONArray batch) throws IOException {
    ByteArrayBuilder out = new ByteArrayBuilder(factory._getBufferRecycler());
    write(batch, out);
    byte[] bytes = out.toByteArray();
    out.release();
    return bytes;
  }

  /** Writes the batch to {@code out} through a generator of its own (which closes {@code out}). */
  void write(JSONArray batch, OutputStream out) throws IOException {
    try (JsonGenerator g = factory.createGenerator(out)) {
      write(batch, g);
    }
  }

  private static void write(Object v, JsonGenerator g) throws IOException {
    if (v == null || JSONObject.NULL.equals(v)) {
      g.writeNull();
    } else if (v instanceof JSONObject) {
      JSONObject o = (JSONObject) v;
      g.writeStartObject();
      for (String key : o.keySet()) {
        g.writeFieldName(key);
        write(o.opt(key), g);
      }
      g.writeEndObject();
    } else if (v instanceof JSONArray) {
      JSONArray a = (JSONArray) v;
      g.writeStartArray();
      for (int i = 0, n = a.length(); i < n; i++) {
        write(a.opt(i), g);
      }
      g.writeEndArray();
    } else if (v instanceof String) {
      g.writeString((String) v);
    } else if (v instanceof Integer || v instanceof Long) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Double || v instanceof Float) {
      g.writeNumber(((Number) v).doubleValue());
    } else if (v instanceof BigDecimal) {
      g.writeNumber((BigDecimal) v);
    } else if (v instanceof BigInteger) {
      g.writeNumber((BigInteger) v);
    } else if (v instanceof Boolean) {
      g.writeBoolean((Boolean) v);
    } else {
      g.writeString(v.toString());
    }
  }
}
