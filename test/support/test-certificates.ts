/**
 * Self-signed certificates for a test server, made with the openssl command at set-up in a
 * folder of the test's own: a certificate authority, and a server certificate it signs for
 * 127.0.0.1 and localhost. Elliptic-curve keys, so making them takes milliseconds.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface CertificateAuthority {
  certFile: string;
  keyFile: string;
}

export interface ServerCertificate {
  certFile: string;
  keyFile: string;
}


function openssl(args: string[], cwd: string): void {
  try {
    execFileSync("openssl", args, { cwd, stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`openssl ${args[0]} failed (is the openssl command installed?): ${stderr || (error as Error).message}`);
  }
}

/** A P-256 key in `file` (ecparam: the same command in OpenSSL and LibreSSL), readable by its owner only. */
function makeKey(file: string, folder: string): void {
  openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", file], folder);
  fs.chmodSync(file, 0o600);
}

/** A configuration file of our own, so no system openssl.cnf is needed. */
function writeConfig(folder: string, name: string, commonName: string, extensions: string[]): string {
  const file = path.join(folder, `${name}.cnf`);
  fs.writeFileSync(file, ["[req]", "distinguished_name = dn", "prompt = no", "[dn]", `CN = ${commonName}`, "[ext]", ...extensions, ""].join("\n"));
  return file;
}

/** A new certificate authority named `name`, valid for two days. */
export function makeCertificateAuthority(folder: string, name: string): CertificateAuthority {
  fs.mkdirSync(folder, { recursive: true });
  const config = writeConfig(folder, name, `Alpine test authority ${name}`, [
    "basicConstraints = critical, CA:TRUE",
    "keyUsage = critical, keyCertSign, cRLSign",
    "subjectKeyIdentifier = hash",
  ]);
  const ca = { certFile: path.join(folder, `${name}.crt`), keyFile: path.join(folder, `${name}.key`) };
  makeKey(ca.keyFile, folder);
  openssl(["req", "-x509", "-new", "-key", ca.keyFile, "-out", ca.certFile, "-days", "2", "-config", config, "-extensions", "ext"], folder);
  return ca;
}

/** A server certificate for 127.0.0.1 and localhost, signed by `ca`; its key readable by its owner only. */
export function makeServerCertificate(folder: string, ca: CertificateAuthority): ServerCertificate {
  const config = writeConfig(folder, "server", "127.0.0.1", [
    "basicConstraints = critical, CA:FALSE",
    "keyUsage = critical, digitalSignature, keyEncipherment",
    "extendedKeyUsage = serverAuth",
    "subjectAltName = IP:127.0.0.1, DNS:localhost",
  ]);
  const server = { certFile: path.join(folder, "server.crt"), keyFile: path.join(folder, "server.key") };
  const request = path.join(folder, "server.csr");
  makeKey(server.keyFile, folder);
  openssl(["req", "-new", "-key", server.keyFile, "-out", request, "-config", config], folder);
  openssl(
    ["x509", "-req", "-in", request, "-CA", ca.certFile, "-CAkey", ca.keyFile, "-set_serial", `0x${randomBytes(8).toString("hex")}`,
      "-days", "2", "-out", server.certFile, "-extfile", config, "-extensions", "ext"],
    folder,
  );
  return server;
}
