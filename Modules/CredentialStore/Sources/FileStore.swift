public import Foundation

/// A ``CredentialStore`` that keeps each item in its own file, on every platform: the store for
/// Linux servers and command-line tools, and for Apple platforms where the keychain is not
/// wanted.
///
/// ```swift
/// let store = FileStore(directory: FileStore.defaultDirectory(applicationName: "com.example.reader"))
/// try await store.save(token, service: "api.netflix.com", account: userID)
/// ```
///
/// Guarantees (see `docs/credential-store.md` for the on-disk format):
/// - The directory is created with mode 0700, each service directory 0700, each file 0600,
///   whatever the umask.
/// - A save is atomic and durable: temporary file in the same directory, `fsync`
///   (`F_FULLFSYNC` on Apple platforms), `rename`, `fsync` of the directory. A process killed at
///   any instant leaves the old credential or the new one, never a mix or an empty file.
/// - Writers are serialised by this actor within a process and by an advisory lock (`flock`
///   on `<directory>/.lock`) across processes and across `FileStore` instances. Readers take
///   no lock: they always see a whole file.
/// - A damaged file is reported as ``CredentialStoreError/Code/corruptItem``, an unknown format
///   version as ``CredentialStoreError/Code/unsupportedFormatVersion``; neither is ever
///   replaced or deleted by the store on its own, and neither is reported as a missing item.
/// - Permission drift — a file or directory that other users may read or write, owned by
///   another user, or replaced by a symbolic link — is reported as
///   ``CredentialStoreError/Code/insecurePermissions`` instead of being used.
///
/// File operations block the calling thread for the duration of two `fsync` calls; they are
/// meant for credentials saved a few times per session, not for hot paths.
public actor FileStore: CredentialStore {
    /// The directory that holds the store.
    public nonisolated let directory: URL
    /// How long a writer waits for another process's lock before failing with
    /// ``CredentialStoreError/Code/lockTimeout``.
    public nonisolated let lockTimeout: Duration

    private let disk: StoreDirectory

    /// Creates a store in `directory`. Nothing touches the disk until the first call; the
    /// directory (and its missing parents) is created by the first save.
    ///
    /// - Parameters:
    ///   - directory: a directory used only by credential stores. If it exists it must be
    ///     owned by this user with mode 0700.
    ///   - lockTimeout: how long a save or remove waits for another process holding the lock.
    public init(directory: URL, lockTimeout: Duration = .seconds(10)) {
        self.directory = directory
        self.lockTimeout = lockTimeout
        self.disk = StoreDirectory(path: directory.standardizedFileURL.path)
    }

    /// The conventional location for an application's credentials: `Application Support`
    /// on Apple platforms, `$XDG_DATA_HOME` (default `~/.local/share`) on Linux, each followed
    /// by `applicationName/credentials`.
    public static func defaultDirectory(applicationName: String) -> URL {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
        return base
            .appendingPathComponent(applicationName, isDirectory: true)
            .appendingPathComponent("credentials", isDirectory: true)
    }

    public func saveData(_ data: Data, service: String, account: String) async throws(CredentialStoreError) {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        try CredentialPayload.validate(data, service: service, account: account)
        let bytes = try CredentialFile.encode(payload: data, service: service, account: account)
        guard let root = try disk.openRoot(create: true) else {
            throw StoreDirectory.vanished(disk.path)
        }
        defer { disk.close(root) }
        let lock = try await acquireLock(root: root)
        defer { disk.unlock(lock) }
        guard let serviceDirectory = try disk.openServiceDirectory(root: root, service: service, create: true) else {
            throw StoreDirectory.vanished(disk.servicePath(service))
        }
        defer { disk.close(serviceDirectory) }
        try disk.replaceItem(
            in: serviceDirectory,
            directoryPath: disk.servicePath(service),
            fileName: StoreDirectory.fileName(account: account),
            with: bytes
        )
    }

    public func loadData(service: String, account: String) throws(CredentialStoreError) -> Data? {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        guard let root = try disk.openRoot(create: false) else { return nil }
        defer { disk.close(root) }
        guard let serviceDirectory = try disk.openServiceDirectory(root: root, service: service, create: false) else { return nil }
        defer { disk.close(serviceDirectory) }
        guard let bytes = try disk.readItem(
            in: serviceDirectory,
            directoryPath: disk.servicePath(service),
            fileName: StoreDirectory.fileName(account: account)
        ) else { return nil }
        return try CredentialFile.decode(bytes, service: service, account: account, path: disk.itemPath(service: service, account: account))
    }

    @discardableResult
    public func remove(service: String, account: String) async throws(CredentialStoreError) -> Bool {
        try CredentialName.validate(service, as: .service)
        try CredentialName.validate(account, as: .account)
        guard let root = try disk.openRoot(create: false) else { return false }
        defer { disk.close(root) }
        let lock = try await acquireLock(root: root)
        defer { disk.unlock(lock) }
        guard let serviceDirectory = try disk.openServiceDirectory(root: root, service: service, create: false) else { return false }
        defer { disk.close(serviceDirectory) }
        let removed = try disk.removeItem(
            in: serviceDirectory,
            directoryPath: disk.servicePath(service),
            fileName: StoreDirectory.fileName(account: account)
        )
        try disk.removeServiceDirectoryIfEmpty(root: root, directory: serviceDirectory, service: service)
        return removed
    }

    public func accounts(service: String) throws(CredentialStoreError) -> [String] {
        try CredentialName.validate(service, as: .service)
        guard let root = try disk.openRoot(create: false) else { return [] }
        defer { disk.close(root) }
        guard let serviceDirectory = try disk.openServiceDirectory(root: root, service: service, create: false) else { return [] }
        defer { disk.close(serviceDirectory) }
        return try disk.entries(of: serviceDirectory, path: disk.servicePath(service))
            .compactMap(StoreDirectory.account(fromFileName:))
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Takes the cross-process lock, polling with a growing pause (1 to 16 ms) until
    /// ``lockTimeout``. Uncontended, it returns without suspending, so the whole operation runs
    /// on the actor in one piece.
    private func acquireLock(root: Int32) async throws(CredentialStoreError) -> Int32 {
        let lock = try disk.openLockFile(root: root)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: lockTimeout)
        var pause = Duration.milliseconds(1)
        do throws(CredentialStoreError) {
            while try !disk.tryLock(lock) {
                guard clock.now < deadline else {
                    throw CredentialStoreError(
                        code: .lockTimeout,
                        message: "another process has held the lock \(disk.path)/\(StoreDirectory.lockFileName) for more than \(lockTimeout); if no other copy of the app is running, a process may be stuck: end it and try again"
                    )
                }
                do {
                    try await Task.sleep(for: pause)
                } catch {
                    throw CredentialStoreError(code: .cancelled, message: "the task was cancelled while waiting for the credential store's lock; nothing was changed")
                }
                pause = min(pause * 2, .milliseconds(16))
            }
        } catch {
            disk.unlock(lock)
            throw error
        }
        return lock
    }
}
