package dev.brisk.schema.gen;

import java.util.Objects;

/**
 * The type of one field in the schema model: a scalar, a nested object type, an enum, or a
 * container of another {@code TypeRef}. Both front ends (the schema text and the annotation
 * processor) describe fields with it, and {@link CodecGenerator} turns it into Java source.
 *
 * <p>Immutable and thread-safe. Part of the generator's internal API, public only so that the
 * annotation processor can use it; not for application code.
 */
public final class TypeRef {

  /** What a value of the type is. */
  public enum Kind {
    /** A JSON string, as a {@code String}. */
    STRING("java.lang.String", null, "a string"),
    /** A JSON string of one character, as a {@code char}. */
    CHAR("char", "java.lang.Character", "a one-character string"),
    /** {@code true} or {@code false}. */
    BOOLEAN("boolean", "java.lang.Boolean", "a boolean"),
    /** An integer from -128 to 127. */
    BYTE("byte", "java.lang.Byte", "a byte (integer from -128 to 127)"),
    /** An integer from -32768 to 32767. */
    SHORT("short", "java.lang.Short", "a short (integer from -32768 to 32767)"),
    /** An integer in the range of {@code int}. */
    INT("int", "java.lang.Integer", "an int"),
    /** An integer in the range of {@code long}. */
    LONG("long", "java.lang.Long", "a long"),
    /** A number, as the nearest {@code float}. */
    FLOAT("float", "java.lang.Float", "a float"),
    /** A number, as the nearest {@code double}. */
    DOUBLE("double", "java.lang.Double", "a double"),
    /** An integer of any size. */
    BIG_INTEGER("java.math.BigInteger", null, "an integer"),
    /** A number of any size and precision, digit for digit. */
    BIG_DECIMAL("java.math.BigDecimal", null, "a number"),
    /** An ISO-8601 date string. */
    LOCAL_DATE("java.time.LocalDate", null, "an ISO-8601 date string"),
    /** An ISO-8601 local date-time string. */
    LOCAL_DATE_TIME("java.time.LocalDateTime", null, "an ISO-8601 date-time string"),
    /** An ISO-8601 date-time string with an offset. */
    OFFSET_DATE_TIME("java.time.OffsetDateTime", null, "an ISO-8601 date-time string with offset"),
    /** An ISO-8601 date-time string with a zone. */
    ZONED_DATE_TIME("java.time.ZonedDateTime", null, "an ISO-8601 date-time string with zone"),
    /** A UUID string in its canonical form. */
    UUID("java.util.UUID", null, "a UUID string"),
    /** Any JSON value, as the core tree. */
    ANY("dev.brisk.json.JsonValue", null, "any JSON value"),
    /** Any JSON object, as the core tree. */
    JSON_OBJECT("dev.brisk.json.JsonObject", null, "an object"),
    /** An enum, as a string naming one of its constants. */
    ENUM(null, null, "a string naming a constant"),
    /** A nested type with a codec of its own. */
    OBJECT(null, null, "an object"),
    /** A Java array of the element type, as a JSON array. */
    ARRAY(null, null, "an array"),
    /** A {@code List} of the element type, as a JSON array. */
    LIST("java.util.List", null, "an array"),
    /** A {@code Set} of the element type, as a JSON array. */
    SET("java.util.Set", null, "an array"),
    /** An object with string keys and values of the element type. */
    MAP("java.util.Map", null, "an object"),
    /**
     * An {@code Optional} of the element type: empty when the member is null or absent, and
     * written as null when empty.
     */
    OPTIONAL("java.util.Optional", null, null);

    final String javaName;
    final String boxed;
    final String description;

    Kind(String javaName, String boxed, String description) {
      this.javaName = javaName;
      this.boxed = boxed;
      this.description = description;
    }

    /** True for the kinds that have a Java primitive form. */
    public boolean hasPrimitive() {
      return boxed != null;
    }
  }

  private final Kind kind;
  private final boolean primitive;
  private final TypeRef element;
  private final String className;
  private final String codecName;

  private TypeRef(Kind kind, boolean primitive, TypeRef element, String className, String codecName) {
    this.kind = kind;
    this.primitive = primitive;
    this.element = element;
    this.className = className;
    this.codecName = codecName;
  }

  /** A scalar kind in its primitive form ({@code int}), or its only form ({@code String}). */
  public static TypeRef of(Kind kind) {
    requireScalar(kind);
    return new TypeRef(kind, kind.hasPrimitive(), null, null, null);
  }

  /** A scalar kind that has a primitive form, boxed ({@code Integer}): it may be null. */
  public static TypeRef boxed(Kind kind) {
    requireScalar(kind);
    if (!kind.hasPrimitive()) {
      throw new IllegalArgumentException(kind + " has no primitive form");
    }
    return new TypeRef(kind, false, null, null, null);
  }

  private static void requireScalar(Kind kind) {
    if (kind.javaName == null || kind.ordinal() >= Kind.LIST.ordinal()) {
      throw new IllegalArgumentException(kind + " is not a scalar kind");
    }
  }

  /** A nested type: values of {@code className}, read and written by {@code codecName}. */
  public static TypeRef object(String className, String codecName) {
    return new TypeRef(Kind.OBJECT, false, null, className, codecName);
  }

  /** An enum, written as the constant's name. */
  public static TypeRef enumOf(String className) {
    return new TypeRef(Kind.ENUM, false, null, className, null);
  }

  /** A Java array of {@code element} ({@code int[]}, {@code String[][]}). */
  public static TypeRef arrayOf(TypeRef element) {
    return new TypeRef(Kind.ARRAY, false, element, null, null);
  }

  /** A {@code List} of {@code element}, which must not be primitive. */
  public static TypeRef listOf(TypeRef element) {
    return new TypeRef(Kind.LIST, false, requireReference(element), null, null);
  }

  /** A {@code Set} of {@code element}, which must not be primitive. */
  public static TypeRef setOf(TypeRef element) {
    return new TypeRef(Kind.SET, false, requireReference(element), null, null);
  }

  /** {@code Map<String, V>}: a JSON object whose member values are of type {@code value}. */
  public static TypeRef mapOf(TypeRef value) {
    return new TypeRef(Kind.MAP, false, requireReference(value), null, null);
  }

  /** An {@code Optional} of {@code element}, which must not be primitive. */
  public static TypeRef optionalOf(TypeRef element) {
    return new TypeRef(Kind.OPTIONAL, false, requireReference(element), null, null);
  }

  private static TypeRef requireReference(TypeRef t) {
    if (t.primitive) {
      throw new IllegalArgumentException("a type argument cannot be primitive: " + t);
    }
    return t;
  }

  /** What a value of this type is. */
  public Kind kind() {
    return kind;
  }

  /** True for Java primitives ({@code int}), which cannot hold null. */
  public boolean isPrimitive() {
    return primitive;
  }

  /** The element type of an array, list, set or optional; the value type of a map. */
  public TypeRef element() {
    return element;
  }

  /** The class of a nested object or enum type. */
  public String className() {
    return className;
  }

  /** The codec class of a nested object type. */
  public String codecName() {
    return codecName;
  }

  /** The Java source form of the type, with type arguments: {@code java.util.List<Friend>}. */
  public String javaType() {
    switch (kind) {
      case ENUM:
      case OBJECT:
        return className;
      case ARRAY:
        return element.javaType() + "[]";
      case LIST:
      case SET:
      case OPTIONAL:
        return kind.javaName + "<" + element.javaType() + ">";
      case MAP:
        return "java.util.Map<java.lang.String, " + element.javaType() + ">";
      default:
        return primitive ? kind.javaName : (kind.boxed != null ? kind.boxed : kind.javaName);
    }
  }

  /** The type without type arguments, for casts and array creation: {@code java.util.List}. */
  public String erasedType() {
    switch (kind) {
      case ARRAY:
        return element.erasedType() + "[]";
      case LIST:
      case SET:
      case OPTIONAL:
      case MAP:
        return kind.javaName;
      default:
        return javaType();
    }
  }

  /** What the JSON must look like, for error messages: {@code "an array of string"}. */
  public String describe() {
    switch (kind) {
      case OBJECT:
      case ENUM:
        return (kind == Kind.OBJECT ? "an object (" : "a constant of ") + simpleName(className)
            + (kind == Kind.OBJECT ? ")" : "");
      case ARRAY:
      case LIST:
      case SET:
        return "an array of " + element.noun();
      case MAP:
        return "an object of " + element.noun();
      case OPTIONAL:
        return element.describe();
      default:
        return kind.description;
    }
  }

  private String noun() {
    if (kind == Kind.OBJECT) {
      return simpleName(className);
    }
    String d = describe();
    return d.startsWith("an ") ? d.substring(3) : d.startsWith("a ") ? d.substring(2) : d;
  }

  /**
   * A name for the type usable inside a Java identifier: {@code StringArray}, {@code
   * ListOfFriend}. The generator names its helper methods after it.
   */
  public String key() {
    switch (kind) {
      case ENUM:
      case OBJECT:
        return simpleName(className).replace('.', '_').replace('$', '_');
      case ARRAY:
        return element.key() + "Array";
      case LIST:
        return "ListOf" + element.key();
      case SET:
        return "SetOf" + element.key();
      case MAP:
        return "MapOf" + element.key();
      case OPTIONAL:
        return "OptionalOf" + element.key();
      default:
        String n = javaType();
        n = n.substring(n.lastIndexOf('.') + 1);
        return primitive ? n : Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }
  }

  static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TypeRef)) {
      return false;
    }
    TypeRef t = (TypeRef) o;
    return kind == t.kind
        && primitive == t.primitive
        && Objects.equals(element, t.element)
        && Objects.equals(className, t.className)
        && Objects.equals(codecName, t.codecName);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, primitive, element, className);
  }

  @Override
  public String toString() {
    return javaType();
  }
}
