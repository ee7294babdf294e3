import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Debian's nginx serving a built `Public/` with the rule `deploy/` ships for SUSI's API
/// (`deploy/nginx-susi-api.conf`, included as it is), on 127.0.0.1 and a free port, in the
/// foreground as the test's own process. `.ci/run` installs nginx; without it the tests that need
/// it are skipped with a note.
final class NginxServer: StoppableServer, @unchecked Sendable {
    let port: Int
    private let process: Process
    private let errors: URL

    /// The repository's `deploy/` folder, beside `Tests/`.
    static let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("deploy")

    static var binary: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return (paths + ["/usr/sbin", "/usr/local/sbin", "/sbin"]).map { $0 + "/nginx" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func available() -> Bool {
        guard binary != nil else {
            print("note: the SUSI mirror's nginx tests skipped: no nginx on PATH or in /usr/sbin (.ci/run installs it)")
            return false
        }
        return true
    }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    private init(port: Int, process: Process, errors: URL) {
        self.port = port
        self.process = process
        self.errors = errors
    }

    /// Serves `site` (a built output folder) with the site's 404 page and the SUSI rule; `root`
    /// holds the configuration and nginx's own files.
    static func start(site: URL, root: URL) async throws -> NginxServer {
        guard let binary else { throw StartFailure(description: "no nginx") }
        let types =
            FileManager.default.fileExists(atPath: "/etc/nginx/mime.types") ? "include /etc/nginx/mime.types;" : ""
        var lastError = ""
        // A free port is asked of the system and given to nginx; another process may take it in
        // between, so a few are tried.
        for _ in 0..<5 {
            let port = try freePort()
            let errors = root.appendingPathComponent("nginx-error.log")
            let config = """
                daemon off;
                master_process off;
                worker_processes 1;
                pid \(root.path)/nginx.pid;
                error_log \(errors.path) warn;
                events { worker_connections 64; }
                http {
                    \(types)
                    access_log off;
                    client_body_temp_path \(root.path)/body;
                    proxy_temp_path \(root.path)/proxy;
                    fastcgi_temp_path \(root.path)/fastcgi;
                    uwsgi_temp_path \(root.path)/uwsgi;
                    scgi_temp_path \(root.path)/scgi;
                    server {
                        listen 127.0.0.1:\(port);
                        root \(site.path);
                        index index.html;
                        error_page 404 /404.html;
                        location / { try_files $uri $uri/ =404; }
                        include \(deploy.appendingPathComponent("nginx-susi-api.conf").path);
                    }
                }

                """
            let file = root.appendingPathComponent("nginx.conf")
            try Data(config.utf8).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["-p", root.path, "-c", file.path, "-e", errors.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let server = NginxServer(port: port, process: process, errors: errors)
            for _ in 0..<100 {
                if (try? await RawHTTP.get("/", port: port)) != nil { return server }
                if !process.isRunning { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            lastError = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            await server.stop()
        }
        throw StartFailure(description: "nginx did not start: \(lastError)")
    }

    /// SIGKILL: a process started from a test inherits the signals its thread blocks, and nginx
    /// without a master process never unblocks SIGTERM, so it would not hear `terminate()`.
    func stop() async {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A port no one listens at now.
    static func freePort() throws -> Int {
        #if canImport(Glibc)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw StartFailure(description: "no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw StartFailure(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
