// GoogleBooksClient's public API is built from SignedHTTP's transport, retry policy and
// download events, so `import GoogleBooksClient` alone is enough.
@_exported public import SignedHTTP
