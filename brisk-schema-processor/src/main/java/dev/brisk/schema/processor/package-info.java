/**
 * The annotation processor for {@code @dev.brisk.schema.JsonCodec}: build time only, put in the
 * compiler's {@code annotationProcessorPaths} and registered in {@code META-INF/services}. It
 * writes a codec for each annotated type, and reports what it cannot handle as a compile error
 * at the element.
 */
package dev.brisk.schema.processor;
