package jsonfile

// Check is check, for the tests that compare it with encoding/json.
var Check = check
