/**
 * The schema model ({@link dev.brisk.schema.gen.TypeModel}, {@link dev.brisk.schema.gen.FieldModel},
 * {@link dev.brisk.schema.gen.TypeRef}) and the one generator ({@link
 * dev.brisk.schema.gen.CodecGenerator}) that turns it into the Java source of a codec, for the
 * run-time schema compiler and the annotation processor alike. Internal API: public only so that
 * the processor, in another artifact, can use it.
 */
package dev.brisk.schema.gen;
