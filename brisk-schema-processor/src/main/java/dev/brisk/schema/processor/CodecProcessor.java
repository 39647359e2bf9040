package dev.brisk.schema.processor;

import dev.brisk.schema.JsonCodec;
import dev.brisk.schema.UnknownFields;
import dev.brisk.schema.gen.CodecGenerator;
import dev.brisk.schema.gen.FieldModel;
import dev.brisk.schema.gen.TypeModel;
import dev.brisk.schema.gen.TypeRef;
import dev.brisk.schema.gen.TypeRef.Kind;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Generates a codec for every {@link JsonCodec} type, and for the records and classes its
 * properties refer to, through the same {@link CodecGenerator} the run-time schema compiler uses.
 * The codec of {@code com.example.User} is {@code com.example.UserBriskCodec}, which {@code
 * Codecs.get(User.class)} finds by name.
 *
 * <p>Every problem is reported as a compiler error on the element at fault (the type or the
 * property), with what to do about it; nothing is generated for a type with errors.
 */
public final class CodecProcessor extends AbstractProcessor {
  private final CodecGenerator generator = new CodecGenerator();
  private final Set<String> generated = new LinkedHashSet<>();

  /** For the compiler, which finds the processor through {@code META-INF/services}. */
  public CodecProcessor() {}

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(
        JsonCodec.class.getCanonicalName(),
        JsonCodec.Name.class.getCanonicalName(),
        JsonCodec.Required.class.getCanonicalName(),
        JsonCodec.Unknown.class.getCanonicalName());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Deque<TypeElement> queue = new ArrayDeque<>();
    for (Element e : round.getElementsAnnotatedWith(JsonCodec.class)) {
      if (e.getKind() != ElementKind.CLASS && e.getKind() != ElementKind.RECORD) {
        error(e, "@JsonCodec goes on a record or a class, not on a " + e.getKind().toString().toLowerCase(Locale.ROOT));
        continue;
      }
      queue.add((TypeElement) e);
    }
    while (!queue.isEmpty()) {
      TypeElement type = queue.poll();
      String name = type.getQualifiedName().toString();
      if (!generated.add(name)) {
        continue;
      }
      Builder b = new Builder(type);
      TypeModel model = b.build();
      if (model == null) {
        continue;
      }
      queue.addAll(b.nested);
      write(type, model);
    }
    return true;
  }

  private void write(TypeElement type, TypeModel model) {
    String source;
    try {
      source = generator.codecSource(model);
    } catch (IllegalArgumentException e) {
      error(type, e.getMessage());
      return;
    }
    try {
      JavaFileObject file = processingEnv.getFiler().createSourceFile(model.qualifiedCodecClass(), type);
      try (Writer w = file.openWriter()) {
        w.write(source);
      }
    } catch (IOException e) {
      error(type, "cannot write " + model.qualifiedCodecClass() + ": " + e.getMessage());
    }
  }

  /**
   * The most properties one class may have: the generated read method takes all of them, and past
   * 600 to 1 000 (by type) javac finds it larger than a method may be ("code too large", reported
   * in the generated file rather than on the class).
   */
  static final int MAX_PROPERTIES = 500;

  private void error(Element e, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e);
  }

  /** The codec class name for a type: simple names of the enclosing classes joined by '_'. */
  static String codecName(TypeElement type) {
    StringBuilder b = new StringBuilder(type.getSimpleName());
    for (Element outer = type.getEnclosingElement(); outer instanceof TypeElement; outer = outer.getEnclosingElement()) {
      b.insert(0, '_').insert(0, outer.getSimpleName());
    }
    return b.append("BriskCodec").toString();
  }

  private static String packageOf(Element e) {
    while (!(e instanceof PackageElement)) {
      e = e.getEnclosingElement();
    }
    return ((PackageElement) e).getQualifiedName().toString();
  }

  /** A property found on a class or record, before its type is mapped. */
  private static final class Property {
    final String javaName;
    final TypeMirror type;
    final Element element; // where errors point
    String getter;
    String setter;
    String jsonName;
    boolean required;
    boolean unknown;

    Property(String javaName, TypeMirror type, Element element) {
      this.javaName = javaName;
      this.type = type;
      this.element = element;
    }
  }

  /** Builds the model of one type, reporting errors on its elements. */
  private final class Builder {
    final TypeElement type;
    final List<TypeElement> nested = new ArrayList<>();
    boolean failed;

    Builder(TypeElement type) {
      this.type = type;
    }

    TypeModel build() {
      if (type.getModifiers().contains(Modifier.PRIVATE)) {
        error(type, "a @JsonCodec type cannot be private: the generated codec in its package must see it");
        return null;
      }
      if (type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC)
          && type.getKind() == ElementKind.CLASS) {
        error(type, "an inner class needs an instance of its outer class: make it static");
        return null;
      }
      if (type.getModifiers().contains(Modifier.ABSTRACT)) {
        error(type, "a @JsonCodec class cannot be abstract: the codec must create instances");
        return null;
      }
      if (!type.getTypeParameters().isEmpty()) {
        error(type, "a @JsonCodec type cannot have type parameters; make a type for each use");
        return null;
      }
      JsonCodec options = type.getAnnotation(JsonCodec.class);
      UnknownFields unknownPolicy = options == null ? UnknownFields.SKIP : options.unknownFields();
      boolean lenient = options != null && options.lenient();

      List<Property> props;
      TypeModel.Creation creation;
      List<String> order = new ArrayList<>();
      if (type.getKind() == ElementKind.RECORD) {
        props = new ArrayList<>();
        Map<String, VariableElement> recordFields = new HashMap<>();
        for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
          recordFields.put(f.getSimpleName().toString(), f);
        }
        for (RecordComponentElement c : type.getRecordComponents()) {
          // javac gives a component no source position of its own; its field has the component's.
          Element at = recordFields.containsKey(c.getSimpleName().toString())
              ? recordFields.get(c.getSimpleName().toString()) : c;
          Property p = new Property(c.getSimpleName().toString(), c.asType(), at);
          p.getter = "v." + p.javaName + "()";
          annotations(p, c);
          props.add(p);
          order.add(p.javaName);
        }
        creation = TypeModel.Creation.CONSTRUCTOR;
      } else {
        props = classProperties();
        if (props == null) {
          return null;
        }
        creation = creation(props, order);
        if (creation == null) {
          return null;
        }
      }

      Property extra = null;
      List<FieldModel> fields = new ArrayList<>();
      Set<String> jsonNames = new LinkedHashSet<>();
      for (Property p : props) {
        if (p.unknown) {
          if (extra != null) {
            error(p.element, "only one property can keep the unknown members");
            failed = true;
          }
          if (!isMapOfJsonValue(p.type)) {
            error(p.element, "@JsonCodec.Unknown needs the type Map<String, JsonValue>, not " + p.type);
            failed = true;
          }
          extra = p;
          continue;
        }
        TypeRef t = map(p.type, p.element);
        if (t == null) {
          failed = true;
          continue;
        }
        if (!jsonNames.add(p.jsonName)) {
          error(p.element, "two properties have the JSON name \"" + p.jsonName + "\"");
          failed = true;
        }
        fields.add(new FieldModel(p.jsonName, p.javaName, t, p.required, p.getter, p.setter));
      }
      if (fields.size() > MAX_PROPERTIES) {
        error(type, type.getSimpleName() + " has " + fields.size() + " properties; a generated codec reads at most "
            + MAX_PROPERTIES + " (its read method must fit the JVM's 64 KB): group some into nested classes");
        failed = true;
      }
      if (unknownPolicy == UnknownFields.CAPTURE && extra == null) {
        error(type, "unknownFields = CAPTURE needs a Map<String, JsonValue> property marked @JsonCodec.Unknown to keep them in");
        failed = true;
      }
      if (unknownPolicy != UnknownFields.CAPTURE && extra != null) {
        error(extra.element, "@JsonCodec.Unknown is used only with @JsonCodec(unknownFields = CAPTURE)");
        failed = true;
      }
      if (failed) {
        return null;
      }
      FieldModel extraField = extra == null ? null
          : new FieldModel(extra.jsonName, extra.javaName,
              TypeRef.mapOf(TypeRef.of(Kind.ANY)), false, extra.getter, extra.setter);
      return new TypeModel(
          packageOf(type),
          type.getQualifiedName().toString(),
          codecName(type),
          type.getSimpleName().toString(),
          fields,
          creation,
          order,
          TypeModel.Unknown.valueOf(unknownPolicy.name()),
          extraField,
          lenient);
    }

    void annotations(Property p, Element e) {
      JsonCodec.Name name = e.getAnnotation(JsonCodec.Name.class);
      if (name != null) {
        if (name.value().isEmpty()) {
          error(p.element, "@JsonCodec.Name cannot be empty"); // a record component has no position of its own
          failed = true;
        } else if (!FieldModel.hasUtf8Form(name.value())) {
          error(p.element, "@JsonCodec.Name has a lone surrogate (half of a UTF-16 pair), which JSON text in UTF-8"
              + " cannot hold");
          failed = true;
        }
        p.jsonName = name.value();
      } else if (p.jsonName == null) {
        p.jsonName = p.javaName;
      }
      p.required |= e.getAnnotation(JsonCodec.Required.class) != null;
      p.unknown |= e.getAnnotation(JsonCodec.Unknown.class) != null;
    }

    /** Public fields, and getters with or without setters, in declaration order. */
    List<Property> classProperties() {
      Map<String, Property> props = new LinkedHashMap<>();
      for (VariableElement f : ElementFilter.fieldsIn(type.getEnclosedElements())) {
        Set<Modifier> m = f.getModifiers();
        if (m.contains(Modifier.STATIC) || m.contains(Modifier.TRANSIENT) || !m.contains(Modifier.PUBLIC)) {
          continue;
        }
        Property p = new Property(f.getSimpleName().toString(), f.asType(), f);
        p.getter = "v." + p.javaName;
        p.setter = m.contains(Modifier.FINAL) ? null : "v." + p.javaName + " = %s";
        annotations(p, f);
        props.put(p.javaName, p);
      }
      List<ExecutableElement> methods = ElementFilter.methodsIn(type.getEnclosedElements());
      for (ExecutableElement g : methods) {
        String prop = getterProperty(g);
        if (prop == null || props.containsKey(prop)) {
          continue;
        }
        Property p = new Property(prop, g.getReturnType(), g);
        p.getter = "v." + g.getSimpleName() + "()";
        annotations(p, g);
        props.put(prop, p);
      }
      for (ExecutableElement s : methods) {
        String name = s.getSimpleName().toString();
        if (!name.startsWith("set") || name.length() < 4 || s.getParameters().size() != 1
            || !s.getModifiers().contains(Modifier.PUBLIC) || s.getModifiers().contains(Modifier.STATIC)) {
          continue;
        }
        Property p = props.get(decapitalize(name.substring(3)));
        if (p != null && p.setter == null
            && processingEnv.getTypeUtils().isSameType(s.getParameters().get(0).asType(), p.type)) {
          p.setter = "v." + name + "(%s)";
          annotations(p, s);
        }
      }
      if (props.isEmpty()) {
        error(type, "found no properties: a @JsonCodec class needs public fields or public getters");
        return null;
      }
      return new ArrayList<>(props.values());
    }

    String getterProperty(ExecutableElement m) {
      Set<Modifier> mods = m.getModifiers();
      if (!mods.contains(Modifier.PUBLIC) || mods.contains(Modifier.STATIC) || !m.getParameters().isEmpty()
          || m.getReturnType().getKind() == TypeKind.VOID) {
        return null;
      }
      String n = m.getSimpleName().toString();
      if (n.startsWith("get") && n.length() > 3 && !n.equals("getClass")) {
        return decapitalize(n.substring(3));
      }
      if (n.startsWith("is") && n.length() > 2 && m.getReturnType().getKind() == TypeKind.BOOLEAN) {
        return decapitalize(n.substring(2));
      }
      return null;
    }

    /**
     * A no-argument constructor when every property can be set; else a public constructor
     * whose parameters are the properties, by name.
     */
    TypeModel.Creation creation(List<Property> props, List<String> order) {
      List<ExecutableElement> ctors = ElementFilter.constructorsIn(type.getEnclosedElements());
      boolean allSettable = props.stream().allMatch(p -> p.setter != null);
      for (ExecutableElement c : ctors) {
        if (c.getModifiers().contains(Modifier.PUBLIC) && c.getParameters().isEmpty() && allSettable) {
          return TypeModel.Creation.SETTERS;
        }
      }
      Map<String, Property> byName = new HashMap<>();
      for (Property p : props) {
        byName.put(p.javaName, p);
      }
      for (ExecutableElement c : ctors) {
        if (!c.getModifiers().contains(Modifier.PUBLIC) || c.getParameters().size() != props.size()) {
          continue;
        }
        List<String> names = new ArrayList<>();
        boolean match = true;
        for (VariableElement param : c.getParameters()) {
          Property p = byName.get(param.getSimpleName().toString());
          if (p == null || !processingEnv.getTypeUtils().isSameType(p.type, param.asType())) {
            match = false;
            break;
          }
          names.add(p.javaName);
        }
        if (match) {
          for (VariableElement param : c.getParameters()) {
            annotations(byName.get(param.getSimpleName().toString()), param);
          }
          order.addAll(names);
          return TypeModel.Creation.CONSTRUCTOR;
        }
      }
      error(type, "cannot create " + type.getSimpleName() + ": give it a public no-argument constructor and a"
          + " setter (or non-final public field) for every property, or a public constructor whose"
          + " parameters are the properties " + byName.keySet() + " by name");
      return null;
    }

    boolean isMapOfJsonValue(TypeMirror t) {
      if (!(t instanceof DeclaredType)) {
        return false;
      }
      DeclaredType d = (DeclaredType) t;
      return qualified(d).equals("java.util.Map")
          && d.getTypeArguments().size() == 2
          && d.getTypeArguments().get(0).toString().equals("java.lang.String")
          && d.getTypeArguments().get(1).toString().equals("dev.brisk.json.JsonValue");
    }

    /** The model type of a Java type, or null after reporting why it is not supported. */
    TypeRef map(TypeMirror t, Element at) {
      switch (t.getKind()) {
        case BOOLEAN:
          return TypeRef.of(Kind.BOOLEAN);
        case BYTE:
          return TypeRef.of(Kind.BYTE);
        case SHORT:
          return TypeRef.of(Kind.SHORT);
        case INT:
          return TypeRef.of(Kind.INT);
        case LONG:
          return TypeRef.of(Kind.LONG);
        case CHAR:
          return TypeRef.of(Kind.CHAR);
        case FLOAT:
          return TypeRef.of(Kind.FLOAT);
        case DOUBLE:
          return TypeRef.of(Kind.DOUBLE);
        case ARRAY: {
          TypeRef e = map(((ArrayType) t).getComponentType(), at);
          return e == null ? null : TypeRef.arrayOf(e);
        }
        case DECLARED:
          return declared((DeclaredType) t, at);
        default:
          error(at, "cannot read or write the type " + t + " as JSON");
          return null;
      }
    }

    TypeRef declared(DeclaredType d, Element at) {
      String q = qualified(d);
      switch (q) {
        case "java.lang.String":
          return TypeRef.of(Kind.STRING);
        case "java.lang.Boolean":
          return TypeRef.boxed(Kind.BOOLEAN);
        case "java.lang.Byte":
          return TypeRef.boxed(Kind.BYTE);
        case "java.lang.Short":
          return TypeRef.boxed(Kind.SHORT);
        case "java.lang.Integer":
          return TypeRef.boxed(Kind.INT);
        case "java.lang.Long":
          return TypeRef.boxed(Kind.LONG);
        case "java.lang.Character":
          return TypeRef.boxed(Kind.CHAR);
        case "java.lang.Float":
          return TypeRef.boxed(Kind.FLOAT);
        case "java.lang.Double":
          return TypeRef.boxed(Kind.DOUBLE);
        case "java.math.BigInteger":
          return TypeRef.of(Kind.BIG_INTEGER);
        case "java.math.BigDecimal":
          return TypeRef.of(Kind.BIG_DECIMAL);
        case "java.time.LocalDate":
          return TypeRef.of(Kind.LOCAL_DATE);
        case "java.time.LocalDateTime":
          return TypeRef.of(Kind.LOCAL_DATE_TIME);
        case "java.time.OffsetDateTime":
          return TypeRef.of(Kind.OFFSET_DATE_TIME);
        case "java.time.ZonedDateTime":
          return TypeRef.of(Kind.ZONED_DATE_TIME);
        case "java.util.UUID":
          return TypeRef.of(Kind.UUID);
        case "dev.brisk.json.JsonValue":
          return TypeRef.of(Kind.ANY);
        case "dev.brisk.json.JsonObject":
          return TypeRef.of(Kind.JSON_OBJECT);
        case "java.util.List":
        case "java.util.Collection":
        case "java.util.Set":
        case "java.util.Optional": {
          if (d.getTypeArguments().size() != 1) {
            error(at, q + " needs a type argument (a raw type cannot be read)");
            return null;
          }
          TypeRef e = map(d.getTypeArguments().get(0), at);
          if (e == null) {
            return null;
          }
          return q.equals("java.util.Set") ? TypeRef.setOf(e)
              : q.equals("java.util.Optional") ? TypeRef.optionalOf(e) : TypeRef.listOf(e);
        }
        case "java.util.Map": {
          if (d.getTypeArguments().size() != 2
              || !qualifiedOrEmpty(d.getTypeArguments().get(0)).equals("java.lang.String")) {
            error(at, "a Map property needs String keys, as JSON member names are: Map<String, T>");
            return null;
          }
          TypeRef v = map(d.getTypeArguments().get(1), at);
          return v == null ? null : TypeRef.mapOf(v);
        }
        default:
          break;
      }
      TypeElement e = (TypeElement) d.asElement();
      if (e.getKind() == ElementKind.ENUM) {
        return TypeRef.enumOf(e.getQualifiedName().toString());
      }
      if (e.getKind() == ElementKind.RECORD || e.getKind() == ElementKind.CLASS) {
        if (q.startsWith("java.") || q.startsWith("javax.")) {
          error(at, "cannot read or write the type " + q + " as JSON" + hint(q));
          return null;
        }
        nested.add(e);
        String pkg = packageOf(e);
        return TypeRef.object(q, (pkg.isEmpty() ? "" : pkg + ".") + codecName(e));
      }
      error(at, "cannot read or write the type " + q + " as JSON (an interface has no constructor)" + hint(q));
      return null;
    }
  }

  /** What to declare instead of an unsupported JDK type, when there is an obvious answer; else "". */
  static String hint(String q) {
    switch (q) {
      case "java.lang.Object":
      case "java.lang.CharSequence":
      case "java.io.Serializable":
      case "java.lang.Comparable":
        return "; for any JSON value, declare it as dev.brisk.json.JsonValue (the core tree)";
      case "java.lang.Number":
        return "; for any number exactly, declare it as java.math.BigDecimal";
      case "java.util.OptionalInt":
        return "; declare it as java.util.Optional<Integer>";
      case "java.util.OptionalLong":
        return "; declare it as java.util.Optional<Long>";
      case "java.util.OptionalDouble":
        return "; declare it as java.util.Optional<Double>";
      default:
        if (q.startsWith("java.time.") || q.equals("java.util.Date") || q.equals("java.util.Calendar")
            || q.startsWith("java.sql.")) {
          return "; the time types read and written (as ISO-8601 strings) are java.time.LocalDate,"
              + " LocalDateTime, OffsetDateTime and ZonedDateTime";
        }
        return "";
    }
  }

  private static String qualified(DeclaredType d) {
    return ((TypeElement) d.asElement()).getQualifiedName().toString();
  }

  private static String qualifiedOrEmpty(TypeMirror t) {
    return t instanceof DeclaredType ? qualified((DeclaredType) t) : "";
  }

  private static String decapitalize(String s) {
    if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isUpperCase(s.charAt(1))) {
      return s; // URL stays URL, as java.beans.Introspector does
    }
    return Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }
}
