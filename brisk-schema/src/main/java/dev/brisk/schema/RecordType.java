package dev.brisk.schema;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The description generated {@link JsonRecord} classes share: the schema name and the field names
 * in declared order. One per generated class; immutable once its codec is bound, and so safe to
 * share between threads. Public only for generated code.
 */
public final class RecordType {
  private final String name;
  private final String[] fields;
  private final Map<String, Integer> index;
  private volatile Codec<JsonRecord> codec; // set once by the SchemaSet that compiled the class

  /**
   * The type of schema {@code name} with {@code fields} in declared order (the array is copied).
   */
  public RecordType(String name, String[] fields) {
    this.name = name;
    this.fields = fields.clone();
    this.index = new HashMap<>();
    for (int i = 0; i < fields.length; i++) {
      index.put(fields[i], i);
    }
  }

  /** The schema name, as in {@code create json schema NAME(...)}. */
  public String name() {
    return name;
  }

  /** The field names in declared order. */
  public List<String> fieldNames() {
    return List.of(fields);
  }

  int size() {
    return fields.length;
  }

  String fieldName(int i) {
    if (i < 0 || i >= fields.length) {
      throw noField(i);
    }
    return fields[i];
  }

  /** The index of the field, or -1 when the schema has none of that name. */
  int indexOf(String field) {
    Integer i = index.get(field);
    return i == null ? -1 : i;
  }

  int require(String field) {
    Integer i = index.get(field);
    if (i == null) {
      throw new IllegalArgumentException(
          "schema " + name + " has no field \"" + field + "\"; its fields are " + Arrays.toString(fields));
    }
    return i;
  }

  /** The error for a field index out of range. */
  public IndexOutOfBoundsException noField(int i) {
    return new IndexOutOfBoundsException(
        "schema " + name + " has " + fields.length + " fields; there is no field " + i);
  }

  void bind(Codec<JsonRecord> c) {
    codec = c;
  }

  Codec<JsonRecord> codec() {
    return codec;
  }

  @Override
  public String toString() {
    return name + Arrays.toString(fields);
  }
}
