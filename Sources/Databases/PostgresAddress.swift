import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=…` URL, as libpq reads it (also
/// `postgresql://`; `?host=/run/postgresql` for a Unix socket folder, `&port=5433` its port). `sslmode` is `disable`,
/// `prefer` (the default: TLS when the server offers it, unverified, as libpq), `require` (TLS,
/// unverified) or `verify-full` (TLS with the certificate checked against the host name). A URL
/// without a password takes `PGPASSWORD` from the environment, as libpq does, so the password can
/// live in a file only the service's manager reads (systemd's `EnvironmentFile=`), not in a
/// command line every user of the machine sees.
public struct PostgresAddress: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// A Unix socket file, instead of host and port.
    public var socketPath: String?
    public var user: String
    var password: String?
    public var database: String?
    public var sslMode: String

    public static func isPostgresURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// The address, or why `text` is not such a URL.
    public static func parse(
        _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<PostgresAddress, DatabaseFailure> {
        func failure(_ why: String) -> Result<PostgresAddress, DatabaseFailure> {
            .failure(
                DatabaseFailure(
                    database: redacted(text), why + "; write it like postgres://user:password@host:5432/database"))
        }
        guard isPostgresURL(text), let components = URLComponents(string: text) else {
            return failure("not a valid postgres:// URL")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let sslMode = query["sslmode"] ?? "prefer"
        guard ["disable", "prefer", "require", "verify-full"].contains(sslMode) else {
            return failure("`sslmode=\(sslMode)` is not one of disable, prefer, require, verify-full")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        // libpq also takes the port as `?port=`, which a URL naming only a socket folder needs.
        let port = components.port ?? query["port"].flatMap(Int.init) ?? 5432
        var socketPath: String?
        if let folder = query["host"], folder.hasPrefix("/") {
            socketPath = folder + "/.s.PGSQL.\(port)"
        }
        let host = components.host ?? ""
        guard socketPath != nil || !host.isEmpty else { return failure("the URL names no host") }
        return .success(
            PostgresAddress(
                host: host, port: port, socketPath: socketPath,
                user: components.user ?? environment["USER"] ?? "postgres",
                password: components.password ?? environment["PGPASSWORD"], database: database.isEmpty ? nil : database,
                sslMode: sslMode))
    }

    /// The URL without its password, for messages and logs.
    public static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text) else { return "the postgres:// URL" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "the postgres:// URL"
    }

    /// How messages name the server: `postgres://user@host:port/database`, never the password.
    public var display: String {
        let place = socketPath ?? "\(host):\(port)"
        return "postgres://\(user)@\(place)/\(database ?? "")"
    }

    private var tlsConfiguration: TLSConfiguration? {
        guard sslMode != "disable" else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if sslMode != "verify-full" { configuration.certificateVerification = .none }
        return configuration
    }

    package var clientConfiguration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        if let socketPath {
            configuration = .init(unixSocketPath: socketPath, username: user, password: password, database: database)
        } else {
            let tls: PostgresClient.Configuration.TLS =
                switch (sslMode, tlsConfiguration) {
                case (_, nil): .disable
                case ("prefer", let tls?): .prefer(tls)
                case (_, let tls?): .require(tls)
                }
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(10)
        // Votes are one short statement each; a few connections per instance keep several
        // instances well inside the server's default of 100.
        configuration.options.maximumConnections = 10
        return configuration
    }

    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        if let socketPath {
            return .init(unixSocketPath: socketPath, username: user, password: password, database: database)
        }
        var tls = PostgresConnection.Configuration.TLS.disable
        if let tlsConfiguration {
            let context = try NIOSSLContext(configuration: tlsConfiguration)
            tls = sslMode == "prefer" ? .prefer(context) : .require(context)
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password,
            database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }
}
