//go:build js && wasm

package ui

// drawSecond draws the second Plot of a 2D comparison (P.Second): the
// surface of P.Sim's learner scaled onto its one canvas, then paintSecond.
func (p *Plot) drawSecond() {
	cv := p.cv
	img := p.renderSurface() // (not in the grid's budget, as before: GridGovernor measures the plot's)
	cv.Clear()
	p.blit.draw(cv, img, 0, 0, cv.W, cv.H, true)
	p.paintSecond(cv.Ctx, cv.W, cv.H, cv.DPR)
}
