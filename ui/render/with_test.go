package render

// edited returns c after edit: the tests write a configuration as the
// defaults of its paper with the fields they change, e.g.
// edited(learn.DefaultSVMDConfig(learn.SVMDHinge, 0), func(c *learn.SVMDConfig) { c.Mu = 0 }).
func edited[C any](c C, edit func(*C)) C {
	edit(&c)
	return c
}
