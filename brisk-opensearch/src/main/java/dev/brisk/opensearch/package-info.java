/**
 * Brisk for the opensearch-java client: {@link dev.brisk.opensearch.BriskJsonpMapper}, a {@code
 * JsonpMapper} that resolves each class's deserializer and serializer once; {@link
 * dev.brisk.opensearch.OpenSearchBulkTransport}, the sink's transport to {@code _bulk}; and
 * {@link dev.brisk.opensearch.OpenSearchFixture}, which runs a real OpenSearch (the integ-test
 * distribution from Maven Central) for tests, benchmarks and the {@code brisk} command.
 */
package dev.brisk.opensearch;
