package dev.brisk.schema.gen;

import java.util.List;
import java.util.Objects;

/**
 * One object type of the schema model: the value class, its codec class, its fields in declared
 * order, and how values are created. Immutable. Internal API of the generator.
 */
public final class TypeModel {

  /** How the generated code creates a value once all its fields are read. */
  public enum Creation {
    /** {@code new T(a, b, c)} with the fields in {@link TypeModel#constructorOrder()}. */
    CONSTRUCTOR,
    /** {@code new T()}, then each field's setter. */
    SETTERS,
    /**
     * A value class the generator writes too: a {@code JsonRecord} whose primitive fields remember
     * whether they were present, as Esper's JSON event types do.
     */
    RECORD
  }

  /** What the codec does with a member the type does not declare. */
  public enum Unknown {
    /** Skip it (the default). */
    SKIP,
    /** Fail with a {@code JsonException} that names it and its path. */
    REJECT,
    /** Keep it, as a tree, in a {@code Map<String, JsonValue>} of the value. */
    CAPTURE
  }

  private final String packageName;
  private final String valueClass;
  private final String codecClass;
  private final String schemaName;
  private final List<FieldModel> fields;
  private final Creation creation;
  private final List<String> constructorOrder;
  private final Unknown unknown;
  private final FieldModel extra;
  private final boolean lenient;

  /**
   * A type of the model. To capture unknown members it needs a field to keep them in ({@code
   * extra}), unless its value class is a generated record, which keeps them itself.
   *
   * @param packageName the package of the codec (and of a generated value class)
   * @param valueClass the value class, fully qualified, or for {@link Creation#RECORD} its simple
   *     name in {@code packageName}
   * @param codecClass the simple name of the codec class, in {@code packageName}
   * @param schemaName the type's name in messages
   * @param fields the fields in declared order: the order the writer writes and the reader
   *     expects first
   * @param constructorOrder for {@link Creation#CONSTRUCTOR}, the Java names of the fields in the
   *     order the constructor takes them; otherwise empty
   * @param extra for {@link Unknown#CAPTURE}, the {@code Map<String, JsonValue>} field that keeps
   *     unknown members (its setter or constructor slot as for any field); otherwise null
   * @param lenient accept numbers and booleans written as strings ({@code "1"} for an int)
   */
  public TypeModel(
      String packageName,
      String valueClass,
      String codecClass,
      String schemaName,
      List<FieldModel> fields,
      Creation creation,
      List<String> constructorOrder,
      Unknown unknown,
      FieldModel extra,
      boolean lenient) {
    this.packageName = Objects.requireNonNull(packageName);
    this.valueClass = Objects.requireNonNull(valueClass);
    this.codecClass = Objects.requireNonNull(codecClass);
    this.schemaName = Objects.requireNonNull(schemaName);
    this.fields = List.copyOf(fields);
    this.creation = Objects.requireNonNull(creation);
    this.constructorOrder = List.copyOf(constructorOrder);
    this.unknown = Objects.requireNonNull(unknown);
    this.extra = extra;
    this.lenient = lenient;
    if (unknown == Unknown.CAPTURE && extra == null && creation != Creation.RECORD) {
      throw new IllegalArgumentException(schemaName + ": capturing unknown fields needs a field for them");
    }
  }

  /** The package of the codec, and of a generated value class. */
  public String packageName() {
    return packageName;
  }

  /** The value class as generated code names it (fully qualified, or simple for a record). */
  public String valueClass() {
    return valueClass;
  }

  /** The codec class's simple name. */
  public String codecClass() {
    return codecClass;
  }

  /** The codec class, fully qualified. */
  public String qualifiedCodecClass() {
    return packageName.isEmpty() ? codecClass : packageName + "." + codecClass;
  }

  /** The type's name in messages and in the schema text. */
  public String schemaName() {
    return schemaName;
  }

  /** The fields in declared order, the order written and first expected when read. */
  public List<FieldModel> fields() {
    return fields;
  }

  /** How the codec makes a value. */
  public Creation creation() {
    return creation;
  }

  /**
   * For {@link Creation#CONSTRUCTOR}, the fields' Java names in the constructor's order; else
   * empty.
   */
  public List<String> constructorOrder() {
    return constructorOrder;
  }

  /** What the codec does with members the type does not declare. */
  public Unknown unknown() {
    return unknown;
  }

  /** For {@link Unknown#CAPTURE}, the field that keeps unknown members; otherwise null. */
  public FieldModel extra() {
    return extra;
  }

  /** Whether numbers and booleans written as strings are accepted ({@code "1"} for an int). */
  public boolean lenient() {
    return lenient;
  }
}
