package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonPointer;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** RFC 6901 JSON Pointer over the immutable values: changes return a new structure. Thread-safe. */
final class Pointer implements JsonPointer {
  private final String text;
  private final String[] tokens;

  Pointer(String text) {
    this.text = Objects.requireNonNull(text, "pointer");
    if (text.isEmpty()) {
      tokens = new String[0];
      return;
    }
    if (text.charAt(0) != '/') {
      throw new JsonException("a JSON pointer is empty or starts with '/': '" + text + "'");
    }
    String[] raw = text.substring(1).split("/", -1);
    tokens = new String[raw.length];
    for (int i = 0; i < raw.length; i++) {
      tokens[i] = unescape(raw[i]);
    }
  }

  private String unescape(String t) {
    StringBuilder sb = null;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '~') {
        if (sb == null) {
          sb = new StringBuilder(t.substring(0, i));
        }
        char n = i + 1 < t.length() ? t.charAt(i + 1) : 0;
        if (n == '0') {
          sb.append('~');
        } else if (n == '1') {
          sb.append('/');
        } else {
          // RFC 6901 allows only ~0 and ~1; a lone '~' is kept as it is, so that "/m~n" finds the
          // member "m~n" (the TCK's optional case, and what users who did not escape mean).
          sb.append('~');
          continue;
        }
        i++;
      } else if (sb != null) {
        sb.append(c);
      }
    }
    return sb == null ? t : sb.toString();
  }

  /** The array index a token names, or -1 for "-" (after the end); bounds not checked here. */
  private int index(String token, boolean dashAllowed) {
    if (token.equals("-")) {
      if (dashAllowed) {
        return -1;
      }
      throw new JsonException("'-' names no array element here, in the JSON pointer '" + text + "'");
    }
    if (token.isEmpty() || (token.length() > 1 && token.charAt(0) == '0') || token.length() > 9) {
      throw new JsonException("'" + token + "' is not an array index, in the JSON pointer '" + text + "'");
    }
    for (int i = 0; i < token.length(); i++) {
      if (token.charAt(i) < '0' || token.charAt(i) > '9') {
        throw new JsonException("'" + token + "' is not an array index, in the JSON pointer '" + text + "'");
      }
    }
    return Integer.parseInt(token);
  }

  private JsonException missing(int upTo) {
    return new JsonException("the JSON pointer '" + text + "' names nothing: no '" + tokens[upTo] + "'");
  }

  @Override
  public JsonValue getValue(JsonStructure target) {
    JsonValue v = Objects.requireNonNull(target, "target");
    for (int i = 0; i < tokens.length; i++) {
      v = child(v, i);
    }
    return v;
  }

  private JsonValue child(JsonValue v, int i) {
    if (v instanceof JsonObject) {
      JsonValue c = ((JsonObject) v).get(tokens[i]);
      if (c == null) {
        throw missing(i);
      }
      return c;
    }
    if (v instanceof JsonArray) {
      JsonArray a = (JsonArray) v;
      int idx = index(tokens[i], false);
      if (idx >= a.size()) {
        throw new JsonException("index " + idx + " is past the end of an array of " + a.size() + ", in the JSON pointer '" + text + "'");
      }
      return a.get(idx);
    }
    throw missing(i);
  }

  @Override
  public boolean containsValue(JsonStructure target) {
    try {
      getValue(target);
      return true;
    } catch (JsonException e) {
      return false;
    }
  }

  private enum Op {
    ADD,
    REMOVE,
    REPLACE
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T extends JsonStructure> T add(T target, JsonValue value) {
    return (T) change(Objects.requireNonNull(target, "target"), Objects.requireNonNull(value, "value"), Op.ADD);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T extends JsonStructure> T remove(T target) {
    return (T) change(Objects.requireNonNull(target, "target"), null, Op.REMOVE);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T extends JsonStructure> T replace(T target, JsonValue value) {
    return (T) change(Objects.requireNonNull(target, "target"), Objects.requireNonNull(value, "value"), Op.REPLACE);
  }

  private JsonValue change(JsonStructure target, JsonValue value, Op op) {
    if (tokens.length == 0) {
      if (op == Op.REMOVE) {
        throw new JsonException("the whole document cannot be removed (the JSON pointer is '')");
      }
      if (!(value instanceof JsonStructure)) {
        throw new JsonException("the whole document can only become an object or an array");
      }
      return value;
    }
    // The path down to the parent of the last token.
    JsonValue[] path = new JsonValue[tokens.length];
    path[0] = target;
    for (int i = 0; i < tokens.length - 1; i++) {
      path[i + 1] = child(path[i], i);
    }
    int last = tokens.length - 1;
    JsonValue parent = path[last];
    JsonValue changed;
    if (parent instanceof JsonObject) {
      Map<String, JsonValue> m = new LinkedHashMap<>((JsonObject) parent);
      String key = tokens[last];
      if (op != Op.ADD && !m.containsKey(key)) {
        throw missing(last);
      }
      if (op == Op.REMOVE) {
        m.remove(key);
      } else {
        m.put(key, value);
      }
      changed = Values.object(m);
    } else if (parent instanceof JsonArray) {
      List<JsonValue> l = new ArrayList<>((JsonArray) parent);
      int idx = index(tokens[last], op == Op.ADD);
      if (idx == -1) {
        idx = l.size();
      }
      if (op == Op.ADD ? idx > l.size() : idx >= l.size()) {
        throw new JsonException("index " + idx + " is out of bounds for an array of " + l.size() + ", in the JSON pointer '" + text + "'");
      }
      if (op == Op.ADD) {
        l.add(idx, value);
      } else if (op == Op.REMOVE) {
        l.remove(idx);
      } else {
        l.set(idx, value);
      }
      changed = Values.array(l);
    } else {
      throw missing(last);
    }
    // Rebuild the ancestors with the changed child.
    for (int i = last - 1; i >= 0; i--) {
      JsonValue p = path[i];
      if (p instanceof JsonObject) {
        Map<String, JsonValue> m = new LinkedHashMap<>((JsonObject) p);
        m.put(tokens[i], changed);
        changed = Values.object(m);
      } else {
        List<JsonValue> l = new ArrayList<>((JsonArray) p);
        l.set(index(tokens[i], false), changed);
        changed = Values.array(l);
      }
    }
    return changed;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pointer && text.equals(((Pointer) o).text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
