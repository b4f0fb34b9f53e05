import Foundation
import SigningCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX layer of ``FileStore``: directories, permission checks, the advisory lock and the
/// atomic replacement of one item. Every call works on descriptors (`openat`, `renameat`, …) so
/// a path component swapped for a symbolic link between two calls is not followed.
///
/// Layout under the root: `.lock` (the advisory lock), and one directory per service named by
/// the lowercase hex of the service's UTF-8 bytes, holding one `<hex of account>.credential`
/// file per account and, transiently, `.tmp-<random>` files being written.
struct StoreDirectory: Sendable {
    static let lockFileName = ".lock"
    static let temporaryPrefix = ".tmp-"
    static let itemSuffix = ".credential"

    /// The root directory.
    let path: String

    // MARK: Names

    static func directoryName(service: String) -> String { Hex.encode(service.utf8) }

    static func fileName(account: String) -> String { Hex.encode(account.utf8) + itemSuffix }

    /// The account a file name stands for, or `nil` for anything that is not the canonical name
    /// of a valid account (temporary files, `.DS_Store`, names in upper-case hex).
    static func account(fromFileName name: String) -> String? {
        guard name.hasSuffix(itemSuffix) else { return nil }
        let stem = name.dropLast(itemSuffix.count)
        guard let bytes = try? Hex.decode(stem), Hex.encode(bytes) == stem else { return nil }
        let account = String(decoding: bytes, as: UTF8.self)
        guard account.utf8.elementsEqual(bytes), (try? CredentialName.validate(account, as: .account)) != nil else { return nil }
        return account
    }

    func servicePath(_ service: String) -> String { path + "/" + Self.directoryName(service: service) }

    func itemPath(service: String, account: String) -> String { servicePath(service) + "/" + Self.fileName(account: account) }

    // MARK: Directories

    /// Opens the root directory, creating it with mode 0700 when `create` is set; `nil` when it
    /// does not exist and `create` is not set.
    func openRoot(create: Bool) throws(CredentialStoreError) -> Int32? {
        var fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            guard create else { return nil }
            try createRoot()
            fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw Self.systemFailure(errno, "open the store directory", path) }
        do throws(CredentialStoreError) {
            try Self.checkDirectory(fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    private func createRoot() throws(CredentialStoreError) {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: parent) {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw CredentialStoreError(
                    code: .fileSystemFailure,
                    message: "could not create \(parent), the parent of the credential store directory; check that the location is writable",
                    cause: error
                )
            }
        }
        guard mkdir(path, 0o700) == 0 else {
            let code = errno
            if code == EEXIST { return }  // another process created it first; it is checked next
            throw Self.systemFailure(code, "create the store directory", path)
        }
        // mkdir honours the umask, which may remove bits from 0700 but never adds any; make the
        // mode exact so the owner can always write.
        guard chmod(path, 0o700) == 0 else { throw Self.systemFailure(errno, "set mode 0700 on", path) }
        Self.syncDirectory(atPath: parent)
    }

    /// Opens the directory of `service` under `root`, creating it with mode 0700 when `create`
    /// is set; `nil` when it does not exist and `create` is not set.
    func openServiceDirectory(root: Int32, service: String, create: Bool) throws(CredentialStoreError) -> Int32? {
        let name = Self.directoryName(service: service)
        let directoryPath = servicePath(service)
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW
        var fd = openat(root, name, flags)
        if fd < 0, errno == ENOENT {
            guard create else { return nil }
            // Writers hold the lock, so nobody else creates it meanwhile.
            guard mkdirat(root, name, 0o700) == 0 else {
                throw Self.systemFailure(errno, "create the service directory", directoryPath)
            }
            fd = openat(root, name, flags)
            if fd >= 0 {
                // Exact mode whatever the umask; only on the directory just created, so drift
                // on an existing one is reported below, never silently repaired.
                guard fchmod(fd, 0o700) == 0 else {
                    let code = errno
                    close(fd)
                    throw Self.systemFailure(code, "set mode 0700 on", directoryPath)
                }
                Self.sync(root)
            }
        }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP || code == ENOTDIR {
                throw Self.insecure("\(directoryPath) is a symbolic link or not a directory; a credential store only uses plain directories it created. Remove it and save again", code)
            }
            throw Self.systemFailure(code, "open the service directory", directoryPath)
        }
        do throws(CredentialStoreError) {
            try Self.checkDirectory(fd, path: directoryPath)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Refuses a directory that is not a directory, belongs to another user, or that other
    /// users may read, list or change.
    private static func checkDirectory(_ fd: Int32, path: String) throws(CredentialStoreError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw systemFailure(errno, "inspect", path) }
        guard info.st_mode & 0o170000 == 0o040000 else {
            throw insecure("\(path) is not a directory", nil)
        }
        try checkOwner(info, path: path)
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 == 0 else {
            throw insecure(
                "the credential directory \(path) has mode \(octal(mode)), so other users can list or alter it; run `chmod 700 \(path)` (and review who had access)",
                nil
            )
        }
    }

    private static func checkOwner(_ info: stat, path: String) throws(CredentialStoreError) {
        guard info.st_uid == geteuid() else {
            throw insecure("\(path) belongs to user id \(info.st_uid), not to this process's user id \(geteuid()); a credential store only trusts its own files", nil)
        }
    }

    /// The names in a directory, `.` and `..` excluded.
    func entries(of fd: Int32, path: String) throws(CredentialStoreError) -> [String] {
        let copy = dup(fd)
        guard copy >= 0 else { throw Self.systemFailure(errno, "list", path) }
        guard let stream = fdopendir(copy) else {
            let code = errno
            close(copy)
            throw Self.systemFailure(code, "list", path)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    // MARK: Lock

    /// Opens (creating it, 0600) the lock file under `root`.
    func openLockFile(root: Int32) throws(CredentialStoreError) -> Int32 {
        let fd = openat(root, Self.lockFileName, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw Self.systemFailure(errno, "open the lock file", path + "/" + Self.lockFileName) }
        return fd
    }

    /// Tries to take the exclusive advisory lock (`flock`) without blocking; `false` when another
    /// descriptor — in this process or another — holds it. The kernel releases it when the
    /// holder closes the descriptor or dies, even by SIGKILL.
    func tryLock(_ fd: Int32) throws(CredentialStoreError) -> Bool {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
        let code = errno
        if code == EWOULDBLOCK || code == EINTR { return false }
        throw Self.systemFailure(code, "lock", path + "/" + Self.lockFileName)
    }

    /// Releases the lock by closing its descriptor.
    func unlock(_ fd: Int32) { close(fd) }

    // MARK: Items

    /// Replaces (or creates) `fileName` in the directory `fd` with `bytes` so that a crash at
    /// any point leaves either the old file or the new one: write a temporary file in the same
    /// directory (mode 0600, `O_EXCL`), flush it to stable storage, rename it over the item,
    /// then flush the directory so the rename itself is durable. Must run under the lock.
    func replaceItem(in fd: Int32, directoryPath: String, fileName: String, with bytes: Data) throws(CredentialStoreError) {
        try removeTemporaryFiles(in: fd, path: directoryPath)
        var temporaryName = ""
        var output: Int32 = -1
        for _ in 0..<8 {
            temporaryName = Self.temporaryPrefix + String(UInt64.random(in: .min ... .max), radix: 16)
            output = openat(fd, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if output >= 0 || errno != EEXIST { break }
        }
        guard output >= 0 else { throw Self.systemFailure(errno, "create a temporary file in", directoryPath) }
        let temporaryPath = directoryPath + "/" + temporaryName
        do throws(CredentialStoreError) {
            guard fchmod(output, 0o600) == 0 else { throw Self.systemFailure(errno, "set mode 0600 on", temporaryPath) }
            try Self.writeAll(bytes, to: output, path: temporaryPath)
            guard Self.syncFile(output) else { throw Self.systemFailure(errno, "flush", temporaryPath) }
            let closed = Self.closeDescriptor(output)
            output = -1
            guard closed == 0 else { throw Self.systemFailure(errno, "close", temporaryPath) }
            guard renameat(fd, temporaryName, fd, fileName) == 0 else {
                throw Self.systemFailure(errno, "rename the new credential onto", directoryPath + "/" + fileName)
            }
        } catch {
            if output >= 0 { close(output) }
            unlinkat(fd, temporaryName, 0)
            throw error
        }
        guard Self.sync(fd) else { throw Self.systemFailure(errno, "flush the directory", directoryPath) }
    }

    /// Deletes leftovers of writers that died between creating and renaming their temporary
    /// file. Safe only under the exclusive lock, when no writer is active.
    private func removeTemporaryFiles(in fd: Int32, path: String) throws(CredentialStoreError) {
        for name in try entries(of: fd, path: path) where name.hasPrefix(Self.temporaryPrefix) {
            unlinkat(fd, name, 0)
        }
    }

    /// The bytes of `fileName` in the directory `fd`, or `nil` when there is no such file.
    /// Refuses symbolic links, non-regular files, files of other users and files other users
    /// may read or write (permission drift), and anything larger than a credential file can be.
    func readItem(in fd: Int32, directoryPath: String, fileName: String) throws(CredentialStoreError) -> [UInt8]? {
        let itemPath = directoryPath + "/" + fileName
        // O_NONBLOCK: a FIFO planted under the item's name must not hang the open.
        let input = openat(fd, fileName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard input >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw Self.insecure("\(itemPath) is a symbolic link; a credential store never follows links. Remove it and save again", code)
            }
            throw Self.systemFailure(code, "open", itemPath)
        }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw Self.systemFailure(errno, "inspect", itemPath) }
        guard info.st_mode & 0o170000 == 0o100000 else {
            throw Self.insecure("\(itemPath) is not a regular file; remove it and save again", nil)
        }
        try Self.checkOwner(info, path: itemPath)
        let mode = info.st_mode & 0o7777
        guard mode & 0o077 == 0 else {
            throw Self.insecure(
                "the credential file \(itemPath) has mode \(Self.octal(mode)) instead of 0600, so other users could read or alter it: treat the credential as exposed. Revoke it with the provider, remove the item and authorise again (or, if you are sure nobody read it, run `chmod 600 \(itemPath)`)",
                nil
            )
        }
        guard Int(info.st_size) <= CredentialFile.maximumFileSize else {
            throw CredentialStoreError(
                code: .corruptItem,
                message: "the credential file \(itemPath) is \(info.st_size) bytes, larger than any credential file can be; it was left in place. Remove the item and authorise again"
            )
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= CredentialFile.maximumFileSize {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.systemFailure(errno, "read", itemPath)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Deletes `fileName` from the directory `fd` and flushes the directory; `false` when there
    /// was no such file.
    func removeItem(in fd: Int32, directoryPath: String, fileName: String) throws(CredentialStoreError) -> Bool {
        guard unlinkat(fd, fileName, 0) == 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw Self.systemFailure(code, "delete", directoryPath + "/" + fileName)
        }
        guard Self.sync(fd) else { throw Self.systemFailure(errno, "flush the directory", directoryPath) }
        return true
    }

    /// Deletes the directory of `service` if it holds nothing but leftovers of dead writers.
    /// Must run under the lock.
    func removeServiceDirectoryIfEmpty(root: Int32, directory fd: Int32, service: String) throws(CredentialStoreError) {
        try removeTemporaryFiles(in: fd, path: servicePath(service))
        if unlinkat(root, Self.directoryName(service: service), AT_REMOVEDIR) == 0 { Self.sync(root) }
    }

    /// Closes a descriptor this type handed out.
    func close(_ fd: Int32) { _ = Self.closeDescriptor(fd) }

    // MARK: Primitives

    private static func writeAll(_ bytes: Data, to fd: Int32, path: String) throws(CredentialStoreError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw systemFailure(failure, "write", path) }
    }

    /// Flushes a file's data to stable storage: `F_FULLFSYNC` on Apple platforms (plain `fsync`
    /// there only reaches the drive's cache), `fsync` elsewhere.
    private static func syncFile(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(fd) == 0
    }

    @discardableResult
    private static func sync(_ fd: Int32) -> Bool {
        while fsync(fd) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    private static func syncDirectory(atPath path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        sync(fd)
        _ = closeDescriptor(fd)
    }

    private static func closeDescriptor(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.close(fd)
        #elseif canImport(Glibc)
        Glibc.close(fd)
        #elseif canImport(Musl)
        Musl.close(fd)
        #endif
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A directory that disappeared between its creation and its use.
    static func vanished(_ path: String) -> CredentialStoreError {
        CredentialStoreError(
            code: .fileSystemFailure,
            message: "\(path) disappeared while saving (removed by another process?); try again",
            systemCode: ENOENT
        )
    }

    private static func insecure(_ message: String, _ code: Int32?) -> CredentialStoreError {
        CredentialStoreError(code: .insecurePermissions, message: message, systemCode: code)
    }

    static func systemFailure(_ code: Int32, _ action: String, _ path: String) -> CredentialStoreError {
        let reason = String(cString: strerror(code))
        let advice: String
        switch code {
        case ENOSPC, EDQUOT: advice = "free some disk space and try again; the previous credential is unchanged"
        case EROFS: advice = "the volume is read-only; choose a writable directory for the store"
        case EACCES, EPERM: advice = "check that this user owns the store directory"
        default: advice = "try again, and check the disk if it persists"
        }
        return CredentialStoreError(code: .fileSystemFailure, message: "could not \(action) \(path): \(reason); \(advice)", systemCode: code)
    }
}
