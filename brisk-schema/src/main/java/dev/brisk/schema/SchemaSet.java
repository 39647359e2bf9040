package dev.brisk.schema;

import dev.brisk.schema.gen.TypeModel;
import java.util.List;
import java.util.Map;

/**
 * The schemas of one text, compiled by {@link Schemas#compile(String)}: a codec per schema.
 *
 * <p>Immutable and thread-safe; its codecs are too. The generated classes live in a class loader
 * of their own and are unloaded with the set.
 */
public final class SchemaSet {
  private final Map<String, Codec<JsonRecord>> codecs;
  private final Map<String, String> sources;
  private final List<TypeModel> models;

  SchemaSet(Map<String, Codec<JsonRecord>> codecs, Map<String, String> sources, List<TypeModel> models) {
    this.codecs = Map.copyOf(codecs);
    this.sources = sources;
    this.models = models;
  }

  /**
   * The codec of the schema named {@code typeName}.
   *
   * @throws IllegalArgumentException when the text declared no such schema
   */
  public Codec<JsonRecord> codec(String typeName) {
    Codec<JsonRecord> c = codecs.get(java.util.Objects.requireNonNull(typeName, "typeName"));
    if (c == null) {
      throw new IllegalArgumentException(
          "no schema named " + typeName + "; the text declares " + names());
    }
    return c;
  }

  /** The schema names in the order of the text. */
  public List<String> names() {
    return models.stream().map(TypeModel::schemaName).toList();
  }

  /**
   * The generated Java sources, by file path ({@code brisk/generated/UserCodec.java}): what
   * {@code brisk compile} writes.
   */
  public Map<String, String> sources() {
    return sources;
  }

  @Override
  public String toString() {
    return "SchemaSet" + names();
  }
}
