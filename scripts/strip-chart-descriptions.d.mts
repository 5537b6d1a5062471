import type { PluginObj, types } from '@babel/core';
/** Babel plugin: drops string `description`s from machines/**\/*.machine.ts in the SPA build. */
export default function stripChartDescriptions(api: { types: typeof types }): PluginObj;
