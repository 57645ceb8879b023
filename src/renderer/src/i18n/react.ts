/**
 * What components use for their words: react-i18next's hook and <Trans>, bound to the window's
 * instance. Importing them from here (never from react-i18next directly) makes sure the instance
 * exists wherever a component is rendered, in the app and in a test alike.
 */
import "./i18n";

export { Trans, useTranslation } from "react-i18next";
