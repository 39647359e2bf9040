package dev.brisk.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A JSON object: members in the order they were read or added. Immutable; make one with {@link
 * #builder()}.
 *
 * <p>A name given twice keeps its first place and its last value (as {@code LinkedHashMap.put}
 * does); {@link Json.Builder#rejectDuplicateNames(boolean)} makes that an error instead.
 *
 * <p>Layout: parallel arrays of names and values. Lookup is a linear scan up to 8 members, an
 * open-addressed table of indexes on {@code String.hashCode} (built on the first lookup) up to
 * 256, and a {@code HashMap} beyond that, whose tree bins keep lookups logarithmic even when
 * hostile input makes every name collide. Duplicates are found while building through a 128-bit
 * filter on the hash codes, comparing names only where the filter hits; up to 256 members that is
 * at most 256 x 256 comparisons, and beyond that the {@code HashMap} takes over, so building an
 * object is never quadratic in its size.
 */
public final class JsonObject extends JsonValue {
  static final JsonObject EMPTY = new JsonObject(new String[0], new JsonValue[0], null);

  private static final int LINEAR = 8;
  private static final int OPEN = 256;

  final String[] names; // read by TreeEquality
  final JsonValue[] values;
  /** The lookup table for objects of more than 8 members; built on first lookup. */
  private Index index;

  /**
   * An immutable lookup table. Only final fields, so a racy publication through {@link #index} is
   * safe: two threads may both build one, and each sees a whole table.
   */
  private static final class Index {
    final int[] table; // open addressing: member index + 1, 0 = empty
    final HashMap<String, Integer> map; // for objects of more than OPEN members

    Index(int[] table, HashMap<String, Integer> map) {
      this.table = table;
      this.map = map;
    }
  }

  private JsonObject(String[] names, JsonValue[] values, Index index) {
    super(K_OBJECT);
    this.names = names;
    this.values = values;
    this.index = index;
  }

  /**
   * Makes an object of the first n names and values, which the caller hands over. A repeated name
   * keeps its first place and its last value, or throws {@link DuplicateName} when {@code
   * rejectDuplicates} is set.
   */
  static JsonObject create(String[] names, JsonValue[] values, int n, boolean rejectDuplicates) {
    if (n == 0) {
      return EMPTY;
    }
    String[] ns = names.length == n ? names : Arrays.copyOf(names, n);
    JsonValue[] vs = values.length == n ? values : Arrays.copyOf(values, n);
    if (n > OPEN) {
      return createLarge(ns, vs, n, rejectDuplicates);
    }
    // Duplicates are rare: a 128-bit filter on the names' hash codes (cached in each String, and
    // names are shared through the name cache) finds the candidates, and only those are compared.
    long lo = 0;
    long hi = 0;
    int m = n;
    for (int i = 0; i < m; i++) {
      int h = ns[i].hashCode();
      long bit = 1L << h;
      boolean seen;
      if ((h & 64) == 0) {
        seen = (lo & bit) != 0;
        lo |= bit;
      } else {
        seen = (hi & bit) != 0;
        hi |= bit;
      }
      if (seen) {
        String name = ns[i];
        for (int j = 0; j < i; j++) {
          if (ns[j].equals(name)) {
            if (rejectDuplicates) {
              throw new DuplicateName(name);
            }
            vs[j] = vs[i];
            System.arraycopy(ns, i + 1, ns, i, m - i - 1);
            System.arraycopy(vs, i + 1, vs, i, m - i - 1);
            m--;
            i--;
            break;
          }
        }
      }
    }
    if (m != n) {
      ns = Arrays.copyOf(ns, m);
      vs = Arrays.copyOf(vs, m);
    }
    return new JsonObject(ns, vs, null);
  }

  private static JsonObject createLarge(
      String[] ns, JsonValue[] vs, int n, boolean rejectDuplicates) {
    HashMap<String, Integer> map = new HashMap<>(n * 2);
    int m = 0;
    for (int i = 0; i < n; i++) {
      String name = ns[i];
      Integer at = map.putIfAbsent(name, m);
      if (at == null) {
        ns[m] = name;
        vs[m] = vs[i];
        m++;
      } else {
        if (rejectDuplicates) {
          throw new DuplicateName(name);
        }
        vs[at] = vs[i];
      }
    }
    if (m != n) {
      ns = Arrays.copyOf(ns, m);
      vs = Arrays.copyOf(vs, m);
    }
    return new JsonObject(ns, vs, new Index(null, map));
  }

  private Index index() {
    Index ix = index;
    if (ix == null) {
      int n = names.length;
      int[] table = new int[Integer.highestOneBit(n - 1) << 2];
      int mask = table.length - 1;
      for (int i = 0; i < n; i++) {
        int slot = spread(names[i].hashCode()) & mask;
        while (table[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        table[slot] = i + 1;
      }
      ix = new Index(table, null);
      index = ix;
    }
    return ix;
  }

  private static int spread(int h) {
    return h ^ (h >>> 16);
  }

  /**
   * An object with the names of another one, already checked (no duplicates): the arrays of both
   * are never changed, so they may share one.
   */
  static JsonObject withNames(String[] checkedNames, JsonValue[] values) {
    return new JsonObject(checkedNames, values, null);
  }

  /** The names array itself, for {@link #withNames}; not to be changed. */
  String[] nameArray() {
    return names;
  }

  /** Thrown by {@link #create} for a name given twice when duplicates are rejected. */
  static final class DuplicateName extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String name;

    DuplicateName(String name) {
      super(name, null, false, false);
      this.name = name;
    }
  }

  /** A builder of an object, empty. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Type type() {
    return Type.OBJECT;
  }

  @Override
  public JsonObject asObject() {
    return this;
  }

  /** The number of members. */
  public int size() {
    return names.length;
  }

  /** Whether the object has no members. */
  public boolean isEmpty() {
    return names.length == 0;
  }

  /** The index of {@code name}, or -1. */
  public int indexOf(String name) {
    String[] ns = names;
    if (ns.length <= LINEAR) {
      for (int i = 0; i < ns.length; i++) {
        if (ns[i].equals(name)) {
          return i;
        }
      }
      return -1;
    }
    Index ix = index();
    if (ix.map != null) {
      Integer at = ix.map.get(name);
      return at == null ? -1 : at;
    }
    int[] table = ix.table;
    int mask = table.length - 1;
    int slot = spread(name.hashCode()) & mask;
    while (true) {
      int at = table[slot];
      if (at == 0) {
        return -1;
      }
      if (ns[at - 1].equals(name)) {
        return at - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** The value of {@code name}, or null when there is no such member. */
  public JsonValue get(String name) {
    int i = indexOf(name);
    return i < 0 ? null : values[i];
  }

  /** Whether there is a member {@code name} (whose value may be JSON null). */
  public boolean has(String name) {
    return indexOf(name) >= 0;
  }

  /** The string value of {@code name}, or null when absent. @throws IllegalStateException when not a string */
  public String getString(String name) {
    JsonValue v = get(name);
    return v == null ? null : v.asString();
  }

  /** The number value of {@code name}, or null when absent. */
  public JsonNumber getNumber(String name) {
    JsonValue v = get(name);
    return v == null ? null : v.asNumber();
  }

  /** The object value of {@code name}, or null when absent. */
  public JsonObject getObject(String name) {
    JsonValue v = get(name);
    return v == null ? null : v.asObject();
  }

  /** The array value of {@code name}, or null when absent. */
  public JsonArray getArray(String name) {
    JsonValue v = get(name);
    return v == null ? null : v.asArray();
  }

  /** The name of the member at {@code index}, in order. */
  public String nameAt(int index) {
    return names[index];
  }

  /** The value of the member at {@code index}, in order. */
  public JsonValue valueAt(int index) {
    return values[index];
  }

  /** The names, in order. */
  public List<String> names() {
    return List.of(names);
  }

  /** An unmodifiable, ordered map view. */
  public Map<String, JsonValue> asMap() {
    return new AbstractMap<>() {
      @Override
      public JsonValue get(Object key) {
        return key instanceof String ? JsonObject.this.get((String) key) : null;
      }

      @Override
      public boolean containsKey(Object key) {
        return key instanceof String && has((String) key);
      }

      @Override
      public Set<Entry<String, JsonValue>> entrySet() {
        return new AbstractSet<>() {
          @Override
          public Iterator<Entry<String, JsonValue>> iterator() {
            return new Iterator<>() {
              int i;

              @Override
              public boolean hasNext() {
                return i < names.length;
              }

              @Override
              public Entry<String, JsonValue> next() {
                if (i >= names.length) {
                  throw new NoSuchElementException();
                }
                Entry<String, JsonValue> e = new SimpleImmutableEntry<>(names[i], values[i]);
                i++;
                return e;
              }
            };
          }

          @Override
          public int size() {
            return names.length;
          }
        };
      }
    };
  }

  /**
   * Equal when both have the same names with equal values, in any order. Compared without
   * recursion, so any depth is fine.
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof JsonObject && TreeEquality.equal(this, (JsonObject) o);
  }

  /** The sum of {@code name.hashCode() ^ value.hashCode()} over the members, as a {@code Map}'s. */
  @Override
  public int hashCode() {
    return TreeEquality.hash(this);
  }

  /** Collects members for a {@link JsonObject}; not thread-safe. */
  public static final class Builder {
    private String[] names = new String[8];
    private JsonValue[] values = new JsonValue[8];
    private int n;

    Builder() {}

    /** Adds a member; a name given again keeps its first place and takes this value. */
    public Builder put(String name, JsonValue value) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value (use JsonNull.INSTANCE for null)");
      if (n == names.length) {
        names = Arrays.copyOf(names, n * 2);
        values = Arrays.copyOf(values, n * 2);
      }
      names[n] = name;
      values[n++] = value;
      return this;
    }

    /**
     * Adds a string member, as {@link #put(String, JsonValue)} does.
     *
     * @throws NullPointerException when {@code value} is null (JSON null is {@link
     *     JsonNull#INSTANCE})
     */
    public Builder put(String name, String value) {
      return put(name, JsonString.of(value));
    }

    /** Adds a number member, as {@link #put(String, JsonValue)} does. */
    public Builder put(String name, long value) {
      return put(name, JsonNumber.of(value));
    }

    /**
     * Adds a number member, the shortest decimal that reads back to {@code value}, as {@link
     * #put(String, JsonValue)} does.
     *
     * @throws JsonException for NaN and the infinities, which JSON cannot express
     */
    public Builder put(String name, double value) {
      return put(name, JsonNumber.of(value));
    }

    /** Adds {@code true} or {@code false}, as {@link #put(String, JsonValue)} does. */
    public Builder put(String name, boolean value) {
      return put(name, JsonBoolean.of(value));
    }

    /** The object of the members put so far; the builder may go on putting for another. */
    public JsonObject build() {
      return create(Arrays.copyOf(names, n), Arrays.copyOf(values, n), n, false);
    }
  }
}
