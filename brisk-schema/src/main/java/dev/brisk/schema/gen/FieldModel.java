package dev.brisk.schema.gen;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One field of a {@link TypeModel}: its JSON name, Java name, type, and how the generated code
 * gets and sets it on the value class. Immutable. Internal API of the generator.
 */
public final class FieldModel {
  private final String jsonName;
  private final String javaName;
  private final TypeRef type;
  private final boolean required;
  private final String getter;
  private final String setter;

  /**
   * A field of the model.
   *
   * @param jsonName the member name in JSON
   * @param javaName a Java identifier for the field: the generated code's local variable
   * @param type the field's type
   * @param required whether a document without the field (or with null for it) is an error
   * @param getter a Java expression reading the field from the value {@code v}, e.g. {@code
   *     v.name()} or {@code v.getName()}
   * @param setter a statement template setting the field on {@code v}, with {@code %s} for the
   *     value ({@code v.setName(%s)}), or null when the value's constructor takes it
   */
  public FieldModel(
      String jsonName, String javaName, TypeRef type, boolean required, String getter, String setter) {
    this.jsonName = Objects.requireNonNull(jsonName);
    this.javaName = Objects.requireNonNull(javaName);
    this.type = Objects.requireNonNull(type);
    this.required = required;
    this.getter = Objects.requireNonNull(getter);
    this.setter = setter;
  }

  /**
   * Whether {@code name} can be a member name: whether it has a UTF-8 form, which a lone surrogate
   * (half of a UTF-16 pair) has not (it would encode as {@code ?}, and the codec would match and
   * write another name). Front ends check it where the name is declared.
   */
  public static boolean hasUtf8Form(String name) {
    return new String(name.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(name);
  }

  /** The member name in JSON. */
  public String jsonName() {
    return jsonName;
  }

  /** The Java identifier the generated code uses for the field. */
  public String javaName() {
    return javaName;
  }

  /** The field's type. */
  public TypeRef type() {
    return type;
  }

  /** Whether a document without the field, or with null for it, is an error. */
  public boolean required() {
    return required;
  }

  /** The Java expression that reads the field from the value {@code v}. */
  public String getter() {
    return getter;
  }

  /**
   * The statement template that sets the field on {@code v}, or null when the constructor takes it.
   */
  public String setter() {
    return setter;
  }

  @Override
  public String toString() {
    return jsonName + " " + type + (required ? " required" : "");
  }
}
