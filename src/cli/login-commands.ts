/** `svc-excel login` and `logout` as entries of the command table (their work is in login.ts). */
import { Command } from "./command";
import { loginCommand, logoutCommand } from "./login";

const BASE_URL = { flag: "--base-url", value: "URL", help: "The API address (default $SVC_BASE_URL, else the local sandbox http://127.0.0.1:8787)" };
const CREDENTIALS = { flag: "--credentials", value: "FILE", help: "Where the sign-in is kept (default $SVC_CREDENTIALS, else $XDG_CONFIG_HOME/svc-excel/credentials.json)" };

export const LOGIN_COMMAND: Command = {
  name: "login",
  summary: "Sign in to the API in a browser (OAuth); eval then uses this sign-in when no --token is given.",
  usage: "[--base-url URL] [--no-browser] [--credentials FILE]",
  options: [BASE_URL, { flag: "--no-browser", help: "Print the sign-in address instead of opening a browser" }, CREDENTIALS],
  examples: ["svc-excel login", "svc-excel login --base-url https://api.example.com --no-browser"],
  notes: ["stdout carries one line, the sign-in address; progress goes to stderr. Tokens are kept in a file only you can read (0600)."],
  run: (argv) => loginCommand(argv),
};

export const LOGOUT_COMMAND: Command = {
  name: "logout",
  summary: "Sign out: revoke the connection and delete the stored tokens (the client registration stays).",
  usage: "[--base-url URL] [--credentials FILE]",
  options: [BASE_URL, CREDENTIALS],
  examples: ["svc-excel logout", "svc-excel logout --base-url https://api.example.com"],
  run: (argv) => logoutCommand(argv),
};
