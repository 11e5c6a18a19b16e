// jest setup: the custom functions construct CustomFunctions.Error at call time; src/office/cells
// installs a stand-in when Office is absent, so nothing is needed here beyond a quiet console.
export {};
